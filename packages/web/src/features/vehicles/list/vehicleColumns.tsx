import type { VehicleRow } from '@evfleet/domain';
import { Anchor, Switch } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../routing/routes';
import { actionColumn, RowActions } from '../../../components/list/RowActions';
import type { Format } from '../../../components/format/format';
import { SignalDot } from './SignalDot';

interface VehicleColumnOptions {
  /** §6: only administrators see ID#, Status, Template Name and Dealer Name, and may change rows. */
  admin: boolean;
  onToggleStatus: (vehicle: VehicleRow) => void;
  t: TFunction<'vehicles'>;
  /** How the user reads figures and times: the times since the last reports. */
  format: Format;
}

const link = (vehicle: VehicleRow) => `${ROUTES.vehicle}/${vehicle.id}`;

/** The vehicle list's columns (§2 "Vehicle list"), in the spec's order. */
export function vehicleColumns({ admin, onToggleStatus, t, format }: VehicleColumnOptions): ColDef<VehicleRow>[] {
  // Against the server's clock (its GMT time, sent with the data): a browser with a wrong clock still reads right (§2).
  const since = (iso: string | null, serverNow: string) =>
    iso ? format.relative(iso, Date.parse(serverNow)) : t('na');
  const columns: (ColDef<VehicleRow> & { adminOnly?: boolean })[] = [
    {
      field: 'name',
      headerName: t('field.name'),
      minWidth: 140,
      cellRenderer: ({ data }: { data?: VehicleRow }) =>
        data && (
          <Anchor component={Link} to={link(data)} size="sm" data-testid={`vehicle-link-${data.id}`}>
            {data.name}
          </Anchor>
        ),
    },
    { field: 'vin', headerName: t('list.vin'), minWidth: 150 },
    {
      colId: 'gpsLastReported',
      headerName: t('list.gpsLastReported'),
      minWidth: 105,
      valueGetter: ({ data }) => data && since(data.gpsLastReported, data.currentGmtTime),
    },
    {
      colId: 'lastReported',
      headerName: t('list.lastReported'),
      minWidth: 105,
      valueGetter: ({ data }) => data && since(data.lastReported, data.currentGmtTime),
    },
    {
      field: 'gpsSignal',
      headerName: t('field.gpsSignal'),
      minWidth: 90,
      maxWidth: 120,
      cellRenderer: ({ value }: { value: VehicleRow['gpsSignal'] }) => <SignalDot letter={value} />,
    },
    {
      field: 'lteSignal',
      headerName: t('field.lteSignal'),
      minWidth: 90,
      maxWidth: 120,
      cellRenderer: ({ value }: { value: VehicleRow['lteSignal'] }) => <SignalDot letter={value} />,
    },
    { field: 'dealerName', headerName: t('field.dealerName'), minWidth: 120, adminOnly: true },
    { field: 'templateName', headerName: t('field.templateName'), minWidth: 120, adminOnly: true },
    {
      field: 'status',
      headerName: t('field.status'),
      adminOnly: true,
      minWidth: 80,
      maxWidth: 100,
      cellRenderer: ({ data }: { data?: VehicleRow }) =>
        data && (
          <Switch
            checked={data.status}
            onChange={() => onToggleStatus(data)}
            aria-label={t('list.statusOf', {
              name: data.name,
              status: t(data.status ? 'status.active' : 'status.inactive'),
            })}
            data-testid={`status-${data.id}`}
            mt={12}
          />
        ),
    },
    { field: 'id', headerName: t('list.id'), adminOnly: true, minWidth: 70 },
    {
      ...actionColumn,
      minWidth: admin ? 130 : 80,
      maxWidth: admin ? 150 : 90,
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
