import { useLocation } from 'react-router';
import type { RecordScreen } from './record-types';

/** The list's query (vehicle filter, tab) travels with the links to a record, so going back restores it. */
export const VEHICLE_PARAM = 'vehicleId';

/** The vehicle the list is filtered by, from its query; null for none. */
export function vehicleFilterOf(search: URLSearchParams): number | null {
  const value = Number(search.get(VEHICLE_PARAM));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Where Back, a save and a delete return to (§2, §4): the list, as the user left it. A list that is
 * only meaningful per vehicle shows the vehicle of the record just saved.
 */
export function useListPath(screen: RecordScreen): (savedVehicleId?: number | null) => string {
  const { search } = useLocation();
  return (savedVehicleId) => {
    const query = new URLSearchParams(search);
    for (const [name, value] of Object.entries(screen.listQuery ?? {})) query.set(name, value);
    if (savedVehicleId && screen.def.vehicleFilter === 'required') query.set(VEHICLE_PARAM, String(savedVehicleId));
    const text = query.toString();
    return text ? `${screen.base}?${text}` : screen.base;
  };
}
