import type { VehicleRow } from '@evfleet/domain';
import { Anchor, Switch } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { actionColumn, RowActions } from '../../../components/list/RowActions';
import { sinceServerTime } from './relative-time';
import { SignalDot } from './SignalDot';

interface VehicleColumnOptions {
  /** §6: only administrators see ID#, Status, Template Name and Dealer Name, and may change rows. */
  admin: boolean;
  onToggleStatus: (vehicle: VehicleRow) => void;
}

const link = (vehicle: VehicleRow) => `${ROUTES.vehicle}/${vehicle.id}`;

/** The vehicle list's columns (§2 "Vehicle list"), in the spec's order. */
export function vehicleColumns({ admin, onToggleStatus }: VehicleColumnOptions): ColDef<VehicleRow>[] {
  const columns: (ColDef<VehicleRow> & { adminOnly?: boolean })[] = [
    {
      field: 'name',
      headerName: 'Vehicle Name',
      minWidth: 140,
      cellRenderer: ({ data }: { data?: VehicleRow }) =>
        data && (
          <Anchor component={Link} to={link(data)} size="sm" data-testid={`vehicle-link-${data.id}`}>
            {data.name}
          </Anchor>
        ),
    },
    { field: 'vin', headerName: 'VIN#', minWidth: 150 },
    {
      colId: 'gpsLastReported',
      headerName: 'GPS Last Reported',
      minWidth: 105,
      valueGetter: ({ data }) => data && sinceServerTime(data.gpsLastReported, data.currentGmtTime),
    },
    {
      colId: 'lastReported',
      headerName: 'Last Connected',
      minWidth: 105,
      valueGetter: ({ data }) => data && sinceServerTime(data.lastReported, data.currentGmtTime),
    },
    {
      field: 'gpsSignal',
      headerName: 'GPS Signal',
      minWidth: 90,
      maxWidth: 120,
      cellRenderer: ({ value }: { value: VehicleRow['gpsSignal'] }) => <SignalDot letter={value} />,
    },
    {
      field: 'lteSignal',
      headerName: 'LTE Signal',
      minWidth: 90,
      maxWidth: 120,
      cellRenderer: ({ value }: { value: VehicleRow['lteSignal'] }) => <SignalDot letter={value} />,
    },
    { field: 'dealerName', headerName: 'Dealer Name', minWidth: 120, adminOnly: true },
    { field: 'templateName', headerName: 'Template Name', minWidth: 120, adminOnly: true },
    {
      field: 'status',
      headerName: 'Status',
      adminOnly: true,
      minWidth: 80,
      maxWidth: 100,
      cellRenderer: ({ data }: { data?: VehicleRow }) =>
        data && (
          <Switch
            checked={data.status}
            onChange={() => onToggleStatus(data)}
            aria-label={`Status of ${data.name}: ${data.status ? 'Active' : 'Inactive'}`}
            data-testid={`status-${data.id}`}
            mt={12}
          />
        ),
    },
    { field: 'id', headerName: 'ID#', adminOnly: true, minWidth: 70 },
    {
      ...actionColumn,
      minWidth: admin ? 130 : 80,
      maxWidth: admin ? 150 : 90,
      // Eleven columns do not fit a laptop screen: the rest scroll sideways, the actions stay in view
      // (beside the last column, never over it; on a phone nothing is pinned).
      pinned: 'right',
      cellRenderer: ({ data }: { data?: VehicleRow }) =>
        data && (
          <RowActions
            id={data.id}
            name={data.name}
            detail={{ to: link(data) }}
            edit={admin ? { to: `${link(data)}/edit` } : undefined}
            remove={admin ? { to: `${link(data)}/delete` } : undefined}
          />
        ),
    },
  ];
  return (
    columns
      .filter((column) => admin || !column.adminOnly)
      // Two-line headers let the time and signal columns stay narrow.
      .map(({ adminOnly: _adminOnly, ...column }) => ({ wrapHeaderText: true, autoHeaderHeight: true, ...column }))
  );
}
