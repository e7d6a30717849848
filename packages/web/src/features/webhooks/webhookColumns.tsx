import type { Webhook } from '@evfleet/domain';
import { Anchor, Badge, Group } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconSend } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { OwnerChoices } from '../../api/owner-choices';
import type { Format } from '../../components/format/format';
import { WRAPPED_CELL } from '../../components/grid-fit';
import { actionColumn, RowActionButton, RowActions } from '../../components/list/RowActions';
import { ROUTES } from '../../routing/routes';
import { scopeText } from './webhook-display';
import { WebhookStatus } from './WebhookStatus';

/** What a row's buttons do. */
interface WebhookRowActions {
  onEdit: (hook: Webhook) => void;
  onTest: (hook: Webhook) => void;
  onToggle: (hook: Webhook) => void;
  onDelete: (hook: Webhook) => void;
}

interface WebhookColumnsOptions extends WebhookRowActions {
  /** An administrator lists every person's hooks, so the owner tells them apart. */
  withOwner: boolean;
  owners: OwnerChoices;
  format: Format;
  t: TFunction<'webhooks'>;
}

const detailPath = (hook: Pick<Webhook, 'id'>) => `${ROUTES.webhooks}/${hook.id}`;

/** The events a hook sends, by the names its deliveries carry. */
function EventBadges({ events }: Pick<Webhook, 'events'>) {
  return (
    <Group gap={4} align="center">
      {events.map((event) => (
        <Badge key={event} variant="light" tt="none">
          {event}
        </Badge>
      ))}
    </Group>
  );
}

/** Edit, test, pause or resume, and delete; its URL opens it with its deliveries. */
function HookActions({ hook, t, ...on }: { hook: Webhook; t: TFunction<'webhooks'> } & WebhookRowActions) {
  const paused = !hook.active;
  return (
    <RowActions
      id={hook.id}
      name={hook.url}
      edit={{ onClick: () => on.onEdit(hook) }}
      remove={{ onClick: () => on.onDelete(hook) }}
    >
      <RowActionButton
        action={{ onClick: () => on.onTest(hook) }}
        label={t('action.testOf', { url: hook.url })}
        testId={`webhook-test-${hook.id}`}
      >
        <IconSend size={16} />
      </RowActionButton>
      <RowActionButton
        action={{ onClick: () => on.onToggle(hook) }}
        label={t(paused ? 'action.resumeOf' : 'action.pauseOf', { url: hook.url })}
        testId={`webhook-${paused ? 'resume' : 'pause'}-${hook.id}`}
        color={paused ? 'green' : 'orange'}
      >
        {paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
      </RowActionButton>
    </RowActions>
  );
}

/** The columns of the webhooks grid: every hook of the caller is on one page, sorted by the grid itself. */
export function webhookColumns({ withOwner, owners, format, t, ...on }: WebhookColumnsOptions): ColDef<Webhook>[] {
  return [
    {
      field: 'url',
      headerName: t('column.url'),
      // Sized by the room left, not by its text: a long address wraps, and the row grows to hold it.
      width: 130,
      minWidth: 130,
      wrapText: true,
      autoHeight: true,
      cellStyle: WRAPPED_CELL,
      cellRenderer: ({ data }: { data?: Webhook }) =>
        data && (
          <Anchor
            component={Link}
            to={detailPath(data)}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`webhook-open-${data.id}`}
          >
            {data.url}
          </Anchor>
        ),
    },
    {
      field: 'events',
      headerName: t('column.events'),
      sortable: false,
      // Up to every event of the catalogue: the badges wrap in the room left.
      // The longest event's badge fits.
      width: 150,
      minWidth: 150,
      wrapText: true,
      autoHeight: true,
      cellStyle: WRAPPED_CELL,
      cellRenderer: ({ data }: { data?: Webhook }) => data && <EventBadges events={data.events} />,
    },
    {
      field: 'format',
      headerName: t('column.format'),
      minWidth: 80,
      valueFormatter: ({ value }) => t(`format.${value as Webhook['format']}`),
    },
    {
      colId: 'scope',
      headerName: t('column.scope'),
      minWidth: 100,
      valueGetter: ({ data }) => (data ? scopeText(data, owners, t) : ''),
    },
    ...(withOwner ? [{ field: 'owner', headerName: t('column.owner'), minWidth: 90 } as const] : []),
    {
      colId: 'status',
      headerName: t('column.status'),
      minWidth: 100,
      valueGetter: ({ data }) => (data ? String(data.active) : ''),
      // At the top of a row the wrapping URL or events make taller, beside the other cells' text.
      cellStyle: WRAPPED_CELL,
      cellRenderer: ({ data }: { data?: Webhook }) => data && <WebhookStatus hook={data} />,
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
      // Four icons: edit, test, pause or resume, delete.
      minWidth: 160,
      maxWidth: 170,
      cellRenderer: ({ data }: { data?: Webhook }) => data && <HookActions hook={data} t={t} {...on} />,
    },
  ];
}
