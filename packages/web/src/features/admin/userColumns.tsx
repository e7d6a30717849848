import type { User } from '@evfleet/domain';
import { Badge, Button, Group } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { Format } from '../../components/format/format';
import { actionColumn } from '../../components/list/RowActions';

interface UserActions {
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** Who is looking: an administrator cannot delete their own account. */
  currentLogin: string | undefined;
  format: Format;
}

/** The columns of the users grid; `field` names are also the server's sort keys. */
export function userColumns({ onEdit, onDelete, currentLogin, format }: UserActions): ColDef<User>[] {
  return [
    { field: 'id', headerName: 'ID', maxWidth: 90 },
    { field: 'login', headerName: 'Login' },
    { field: 'email', headerName: 'Email' },
    {
      field: 'activated',
      headerName: 'Status',
      minWidth: 140,
      cellRenderer: ({ value }: { value: boolean }) => (
        <Badge color={value ? 'green' : 'gray'} variant="light">
          {value ? 'Activated' : 'Deactivated'}
        </Badge>
      ),
    },
    {
      field: 'authorities',
      headerName: 'Profiles',
      sortable: false,
      valueFormatter: ({ value }) => (value as string[]).join(', '),
    },
    {
      field: 'createdDate',
      headerName: 'Created date',
      valueFormatter: ({ value }) => (value ? format.dateTime(value as string) : ''),
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
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              disabled={data.login === currentLogin}
              onClick={() => onDelete(data)}
              data-testid={`user-delete-${data.login}`}
            >
              Delete
            </Button>
          </Group>
        ),
    },
  ];
}
