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

/** The time since a report, against the server's clock (its GMT time, sent with the data): a browser with a wrong clock still reads right (§2). */
function sinceColumn(
  report: 'gpsLastReported' | 'lastReported',
  t: TFunction<'vehicles'>,
  format: Format,
): ColDef<VehicleRow> {
  return {
    colId: report,
    headerName: t(`list.${report}`),
    minWidth: 105,
    valueGetter: ({ data }) =>
      data && (data[report] ? format.relative(data[report], Date.parse(data.currentGmtTime)) : t('na')),
  };
}

/** A signal's strength as its coloured letter. */
function signalColumn(signal: 'gpsSignal' | 'lteSignal', t: TFunction<'vehicles'>): ColDef<VehicleRow> {
  return {
    field: signal,
    headerName: t(`field.${signal}`),
    minWidth: 90,
    maxWidth: 120,
    cellRenderer: ({ value }: { value: VehicleRow[typeof signal] }) => <SignalDot letter={value} />,
  };
}

/** The Status column's switch: active or inactive, named for who reads it aloud. */
function StatusSwitch({
  vehicle,
  onToggle,
  t,
}: {
  vehicle: VehicleRow;
  onToggle: () => void;
  t: TFunction<'vehicles'>;
}) {
  return (
    <Switch
      checked={vehicle.status}
      onChange={onToggle}
      aria-label={t('list.statusOf', {
        name: vehicle.name,
        status: t(vehicle.status ? 'status.active' : 'status.inactive'),
      })}
      data-testid={`status-${vehicle.id}`}
      mt={12}
    />
  );
}

/** The vehicle list's columns (§2 "Vehicle list"), in the spec's order. */
export function vehicleColumns({ admin, onToggleStatus, t, format }: VehicleColumnOptions): ColDef<VehicleRow>[] {
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
    sinceColumn('gpsLastReported', t, format),
    sinceColumn('lastReported', t, format),
    signalColumn('gpsSignal', t),
    signalColumn('lteSignal', t),
    { field: 'dealerName', headerName: t('field.dealerName'), minWidth: 120, adminOnly: true },
    { field: 'templateName', headerName: t('field.templateName'), minWidth: 120, adminOnly: true },
    {
      field: 'status',
      headerName: t('field.status'),
      adminOnly: true,
      minWidth: 80,
      maxWidth: 100,
      cellRenderer: ({ data }: { data?: VehicleRow }) =>
        data && <StatusSwitch vehicle={data} onToggle={() => onToggleStatus(data)} t={t} />,
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
