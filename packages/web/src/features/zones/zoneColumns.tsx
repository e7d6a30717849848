import type { Zone } from '@evfleet/domain';
import { Anchor, Badge } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { rowActionsColumn } from '../../components/list/rowActionsColumn';
import { ZONE_COLOURS } from '../../components/map/zone-shapes';
import { ROUTES } from '../../routing/routes';

interface ZoneColumnsOptions {
  write: boolean;
  onDelete: (zone: Zone) => void;
  t: TFunction<'zones'>;
  language: string;
}

const editorPath = (zone: Zone) => `${ROUTES.zones}/${zone.id}`;

/** 'Dealer: Acme' or 'Fleet: North', as the server names the owner. */
function ownerText({ dealerId, fleetId, ownerName }: Zone, t: TFunction<'zones'>): string {
  const name = ownerName ?? `#${dealerId ?? fleetId}`;
  return dealerId !== null ? t('owner.dealer', { name }) : t('owner.fleet', { name });
}

/** 'USD 0.14/kWh, 2 bands', or 'None'. */
function tariffText(tariff: Zone['tariff'], t: TFunction<'zones'>, language: string): string {
  if (!tariff) return t('tariff.none');
  const price = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: tariff.currency,
    maximumFractionDigits: 4,
  }).format(tariff.perKwh);
  return t('tariff.summary', { price, count: tariff.bands.length });
}

/** The columns of the zones list: one page from the server, sorted as it answered (newest first). */
export function zoneColumns({ write, onDelete, t, language }: ZoneColumnsOptions): ColDef<Zone>[] {
  return [
    {
      field: 'name',
      headerName: t('column.name'),
      minWidth: 150,
      flex: 2,
      cellRenderer: ({ data }: { data?: Zone }) =>
        data && (
          <Anchor component={Link} to={editorPath(data)} data-testid={`zone-open-${data.id}`}>
            {data.name}
          </Anchor>
        ),
    },
    {
      field: 'kind',
      headerName: t('column.kind'),
      minWidth: 110,
      maxWidth: 140,
      cellRenderer: ({ data }: { data?: Zone }) =>
        data && (
          <Badge variant="light" color={ZONE_COLOURS[data.kind]}>
            {t(`kind.${data.kind}`)}
          </Badge>
        ),
    },
    {
      colId: 'owner',
      headerName: t('column.owner'),
      minWidth: 150,
      flex: 1.5,
      valueGetter: ({ data }) => (data ? ownerText(data, t) : ''),
    },
    { field: 'timeZone', headerName: t('column.timeZone'), minWidth: 130, flex: 1 },
    {
      field: 'minDwellSeconds',
      headerName: t('column.dwell'),
      type: 'numericColumn',
      minWidth: 90,
      maxWidth: 120,
      valueFormatter: ({ value }) => t('value.seconds', { count: value as number }),
    },
    {
      field: 'speedLimitMph',
      headerName: t('column.speedLimit'),
      type: 'numericColumn',
      minWidth: 100,
      maxWidth: 140,
      valueFormatter: ({ value }) => (value == null ? t('value.none') : t('value.mph', { value })),
    },
    {
      colId: 'tariff',
      headerName: t('column.tariff'),
      minWidth: 150,
      flex: 1,
      valueGetter: ({ data }) => (data ? tariffText(data.tariff, t, language) : ''),
    },
    {
      ...rowActionsColumn<Zone>((zone) =>
        write
          ? { edit: { to: editorPath(zone) }, remove: { onClick: () => onDelete(zone) } }
          : { detail: { to: editorPath(zone) } },
      ),
      headerName: t('column.actions'),
      // Two icons at the most: edit and delete, or open.
      minWidth: 100,
      maxWidth: 110,
    },
  ];
}
