import type { User } from '@evfleet/domain';
import { Badge, Button, Group } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { Format } from '../../components/format/format';
import { actionColumn } from '../../components/list/RowActions';

interface UserActions {
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** Who is looking: an administrator cannot delete their own account. */
  currentLogin: string | undefined;
  format: Format;
  t: TFunction<'admin'>;
}

/** The columns of the users grid; `field` names are also the server's sort keys. */
export function userColumns({ onEdit, onDelete, currentLogin, format, t }: UserActions): ColDef<User>[] {
  return [
    { field: 'id', headerName: t('users.id'), maxWidth: 90 },
    { field: 'login', headerName: t('users.login') },
    { field: 'email', headerName: t('users.email') },
    {
      field: 'activated',
      headerName: t('users.status'),
      minWidth: 140,
      cellRenderer: ({ value }: { value: boolean }) => (
        <Badge color={value ? 'green' : 'gray'} variant="light">
          {t(value ? 'users.activated' : 'users.deactivated')}
        </Badge>
      ),
    },
    {
      field: 'authorities',
      headerName: t('users.profiles'),
      sortable: false,
      valueFormatter: ({ value }) => (value as string[]).join(', '),
    },
    {
      field: 'createdDate',
      headerName: t('users.createdDate'),
      valueFormatter: ({ value }) => (value ? format.dateTime(value as string, { list: true }) : ''),
    },
    {
      ...actionColumn,
      minWidth: 170,
      maxWidth: 200,
      cellRenderer: ({ data }: { data?: User }) =>
        data && (
          <Group gap={6} wrap="nowrap" h="100%" align="center">
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onEdit(data)}
              data-testid={`user-edit-${data.login}`}
            >
              {t('users.edit')}
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              disabled={data.login === currentLogin}
              onClick={() => onDelete(data)}
              data-testid={`user-delete-${data.login}`}
            >
              {t('users.delete')}
            </Button>
          </Group>
        ),
    },
  ];
}
