import type { ListResponse, VehicleRef } from '@evfleet/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { http } from '../../api/http';
import { toast } from '../../notify/toast';

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

/**
 * An owner's two vehicle lists, read from {base}/assigned and {base}/unassigned with the owner's id
 * (e.g. `{ driverId: 5 }`), a page of VEHICLE_PAGE_SIZE at a time.
 */
export function ownerVehiclePages(base: string, owner: Record<string, number>) {
  const page = (which: 'assigned' | 'unassigned') => async (pageNo: number, signal: AbortSignal) =>
    (
      await http.get<ListResponse<VehicleRef>>(`${base}/${which}`, {
        query: { ...owner, pageSize: VEHICLE_PAGE_SIZE, pageNo },
        signal,
      })
    ).data;
  return { fetchAssigned: page('assigned'), fetchUnassigned: page('unassigned') };
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

function useRefreshVehicles(source: VehicleAssignmentSource) {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [source.ownerKey, ...(source.alsoInvalidate ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
}

/**
 * Assigns or unassigns an owner's vehicles: says so, calls `then` (the dialog closes) and refetches
 * what shows them; on a refusal the HTTP client has already said why.
 */
export function useSetAssigned(source: VehicleAssignmentSource) {
  const refresh = useRefreshVehicles(source);
  const [busy, setBusy] = useState(false);
  const set = async (vehicles: readonly VehicleRef[], isAssigned: boolean, done: string, then: () => void) => {
    setBusy(true);
    try {
      await source.setAssigned(
        vehicles.map((vehicle) => vehicle.id),
        isAssigned,
      );
      toast.success(done);
      then();
      await refresh();
    } catch {
      // the HTTP client has already said why
    } finally {
      setBusy(false);
    }
  };
  return { busy, set };
}
