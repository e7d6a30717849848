import type { WebhookDelivery } from '@evfleet/domain';
import { Badge, Code, Group } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { Format } from '../../components/format/format';
import { WRAPPED_CELL } from '../../components/grid-fit';

const STATUS_COLOURS = { pending: 'yellow', delivered: 'green', failed: 'red' } as const satisfies Record<
  WebhookDelivery['status'],
  string
>;

/** The columns of a hook's deliveries: the latest, newest first as the server answers them. */
export function deliveryColumns(format: Format, t: TFunction<'webhooks'>): ColDef<WebhookDelivery>[] {
  const moment = (value: string | null) =>
    value === null ? '' : format.dateTime(value, { list: true, seconds: true });
  return [
    {
      field: 'event',
      headerName: t('delivery.event'),
      minWidth: 150,
      // An event is named as its deliveries' body and headers name it, in every language.
      cellRenderer: ({ data }: { data?: WebhookDelivery }) => data && <Code>{data.event}</Code>,
    },
    {
      field: 'status',
      headerName: t('delivery.status'),
      minWidth: 110,
      cellRenderer: ({ data }: { data?: WebhookDelivery }) =>
        data && (
          <Group h="100%" align="center">
            <Badge color={STATUS_COLOURS[data.status]} variant="light">
              {t(`delivery.${data.status}`)}
            </Badge>
          </Group>
        ),
    },
    { field: 'statusCode', headerName: t('delivery.statusCode'), type: 'numericColumn', minWidth: 100 },
    {
      field: 'error',
      headerName: t('delivery.error'),
      // Sized by the room left: a long reason wraps, and the row grows to hold it.
      width: 120,
      minWidth: 120,
      wrapText: true,
      autoHeight: true,
      cellStyle: WRAPPED_CELL,
    },
    { field: 'attempts', headerName: t('delivery.attempts'), type: 'numericColumn', minWidth: 90 },
    {
      field: 'occurredAt',
      headerName: t('delivery.occurred'),
      minWidth: 140,
      valueFormatter: ({ value }) => moment(value as string),
    },
    {
      field: 'attemptedAt',
      headerName: t('delivery.attempted'),
      minWidth: 140,
      valueFormatter: ({ value }) => moment(value as string | null),
    },
  ];
}
