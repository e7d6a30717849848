import type { UnassignedVehicle } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';

/** §2 "Unassigned vehicles": VIN, Vehicle Name, Dealer Name, Status (Active/Inactive). */
export const unassignedColumns = (t: TFunction<'unassigned-vehicles'>): ColDef<UnassignedVehicle>[] => [
  { field: 'vin', headerName: t('column.vin') },
  { field: 'name', headerName: t('column.name') },
  { field: 'dealerName', headerName: t('column.dealerName'), valueFormatter: ({ value }) => value ?? '—' },
  // A text column: left boolean, AG Grid would draw a checkbox beside the selection checkboxes.
  {
    colId: 'status',
    headerName: t('column.status'),
    cellDataType: 'text',
    valueGetter: ({ data }) => (data?.status ? t('status.active') : t('status.inactive')),
  },
];

export const vehicleRowId = (vehicle: UnassignedVehicle) => String(vehicle.id);
