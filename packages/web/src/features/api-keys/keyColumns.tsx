import type { ApiKey } from '@evfleet/domain';
import { Badge, Button, Code, Group } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { Format } from '../../components/format/format';
import { actionColumn } from '../../components/list/RowActions';
import { isExpired, lastUse, shownKey } from './key-display';

interface KeyColumnsOptions {
  onRevoke: (key: ApiKey) => void;
  /** An administrator lists every person's keys, so the owner tells them apart. */
  withOwner: boolean;
  format: Format;
  t: TFunction<'api-keys'>;
}

/** The columns of the API keys grid: every key of the caller is on one page, sorted by the grid itself. */
export function keyColumns({ onRevoke, withOwner, format, t }: KeyColumnsOptions): ColDef<ApiKey>[] {
  const moment = (value: string) => format.dateTime(value, { list: true });
  return [
    { field: 'name', headerName: t('column.name'), minWidth: 110 },
    {
      field: 'shown',
      headerName: t('column.key'),
      minWidth: 90,
      cellRenderer: ({ data }: { data?: ApiKey }) => data && <Code>{shownKey(data)}</Code>,
    },
    {
      field: 'scopes',
      headerName: t('column.scopes'),
      sortable: false,
      minWidth: 90,
      cellRenderer: ({ data }: { data?: ApiKey }) =>
        data && (
          <Group gap={4} wrap="nowrap" h="100%" align="center">
            {data.scopes.map((scope) => (
              <Badge key={scope} variant="light" tt="none">
                {scope}
              </Badge>
            ))}
          </Group>
        ),
    },
    ...(withOwner ? [{ field: 'owner', headerName: t('column.owner'), minWidth: 110 } as const] : []),
    {
      colId: 'lastUsed',
      headerName: t('column.lastUsed'),
      minWidth: 90,
      valueGetter: ({ data }) => (data ? (lastUse(data, format) ?? t('never')) : ''),
    },
    {
      field: 'expiresAt',
      headerName: t('column.expires'),
      minWidth: 90,
      cellRenderer: ({ data }: { data?: ApiKey }) =>
        data &&
        (data.expiresAt === null ? (
          t('never')
        ) : (
          <Group gap={6} wrap="nowrap" h="100%" align="center">
            {moment(data.expiresAt)}
            {isExpired(data, Date.now()) && (
              <Badge color="red" variant="light" size="sm">
                {t('expired')}
              </Badge>
            )}
          </Group>
        )),
    },
    {
      field: 'createdAt',
      headerName: t('column.created'),
      minWidth: 90,
      valueFormatter: ({ value }) => moment(value),
    },
    {
      ...actionColumn,
      headerName: t('column.actions'),
      minWidth: 90,
      maxWidth: 100,
      cellRenderer: ({ data }: { data?: ApiKey }) =>
        data && (
          <Group h="100%" align="center">
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              onClick={() => onRevoke(data)}
              aria-label={t('action.revokeOf', { name: data.name })}
              data-testid={`api-key-revoke-${data.id}`}
            >
              {t('action.revoke')}
            </Button>
          </Group>
        ),
    },
  ];
}
