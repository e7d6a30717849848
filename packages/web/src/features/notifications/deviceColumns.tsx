import type { PushSubscriptionInfo } from '@evfleet/domain';
import { Badge, Group } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { Format } from '../../components/format/format';
import { actionColumn, RowActions } from '../../components/list/RowActions';
import { pushServiceOf } from './device-display';

interface DeviceColumnsOptions {
  onRemove: (subscription: PushSubscriptionInfo) => void;
  /** This browser's subscription, marked in the list. */
  mineId: number | null;
  format: Format;
  t: TFunction<'notifications'>;
}

/** The columns of the account's subscribed browsers. */
export function deviceColumns({ onRemove, mineId, format, t }: DeviceColumnsOptions): ColDef<PushSubscriptionInfo>[] {
  return [
    {
      colId: 'service',
      headerName: t('column.service'),
      minWidth: 160,
      valueGetter: ({ data }) => (data ? pushServiceOf(data) : ''),
      cellRenderer: ({ data }: { data?: PushSubscriptionInfo }) =>
        data && (
          <Group gap={6} wrap="nowrap" h="100%" align="center">
            {pushServiceOf(data)}
            {data.id === mineId && (
              <Badge variant="light" size="sm" data-testid="device-this-browser">
                {t('device.thisBrowser')}
              </Badge>
            )}
          </Group>
        ),
    },
    {
      field: 'minSeverity',
      headerName: t('column.minSeverity'),
      minWidth: 120,
      valueFormatter: ({ value }) => t(`severity.${value as PushSubscriptionInfo['minSeverity']}`),
    },
    {
      field: 'createdAt',
      headerName: t('column.created'),
      minWidth: 100,
      valueFormatter: ({ value }) => format.dateTime(value as string, { list: true }),
    },
    {
      ...actionColumn,
      headerName: t('column.actions'),
      minWidth: 80,
      maxWidth: 90,
      cellRenderer: ({ data }: { data?: PushSubscriptionInfo }) =>
        data && <RowActions id={data.id} name={pushServiceOf(data)} remove={{ onClick: () => onRemove(data) }} />,
    },
  ];
}
