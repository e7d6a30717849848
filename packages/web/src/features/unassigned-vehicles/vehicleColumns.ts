import type { UnassignedVehicle } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';

/** §2 "Unassigned vehicles": VIN, Vehicle Name, Dealer Name, Status (Active/Inactive). */
export const unassignedColumns: ColDef<UnassignedVehicle>[] = [
  { field: 'vin', headerName: 'VIN' },
  { field: 'name', headerName: 'Vehicle Name' },
  { field: 'dealerName', headerName: 'Dealer Name', valueFormatter: ({ value }) => value ?? '—' },
  // A text column: left boolean, AG Grid would draw a checkbox beside the selection checkboxes.
  {
    colId: 'status',
    headerName: 'Status',
    cellDataType: 'text',
    valueGetter: ({ data }) => (data?.status ? 'Active' : 'Inactive'),
  },
];

export const vehicleRowId = (vehicle: UnassignedVehicle) => String(vehicle.id);
