import type { ListResponse, VehicleRef } from '@evfleet/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';

/** §9: the vehicle lists of the driver and fleet details show pages of 10. */
export const VEHICLE_PAGE_SIZE = 10;

/** How one owner (a driver or a fleet) reads and changes its vehicles. */
export interface VehicleAssignmentSource {
  /** The owner's query key (e.g. ['drivers', 5]); its vehicle lists hang under it. */
  ownerKey: readonly unknown[];
  fetchAssigned: (pageNo: number, signal: AbortSignal) => Promise<ListResponse<VehicleRef>>;
  fetchUnassigned: (pageNo: number, signal: AbortSignal) => Promise<ListResponse<VehicleRef>>;
  /** One call for both directions (§4): true assigns, false unassigns. */
  setAssigned: (vehicleIds: number[], isAssigned: boolean) => Promise<unknown>;
  /** Other queries the change makes stale (the owner's list). */
  alsoInvalidate?: readonly (readonly unknown[])[];
}

export const vehicleColumns = (t: TFunction<'components'>): ColDef<VehicleRef>[] => [
  { field: 'vin', headerName: t('vehicles.vin') },
  { field: 'name', headerName: t('vehicles.name') },
  // A text column: left boolean, AG Grid would draw a checkbox beside the selection checkboxes.
  {
    colId: 'status',
    headerName: t('vehicles.status'),
    cellDataType: 'text',
    valueGetter: ({ data }) => t(data?.status ? 'vehicles.active' : 'vehicles.inactive'),
  },
];
export const vehicleRowId = (vehicle: VehicleRef) => String(vehicle.id);

export function useVehiclePage(source: VehicleAssignmentSource, which: 'assigned' | 'unassigned', page: number) {
  const fetch = which === 'assigned' ? source.fetchAssigned : source.fetchUnassigned;
  return useQuery({
    queryKey: [...source.ownerKey, 'vehicles', which, page],
    queryFn: ({ signal }) => fetch(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshVehicles(source: VehicleAssignmentSource) {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [source.ownerKey, ...(source.alsoInvalidate ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
}
