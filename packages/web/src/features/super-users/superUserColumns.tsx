import type { SuperUser } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import { ROUTES } from '../../app/routes';
import { actionColumn, RowActions } from '../../components/list/RowActions';

interface SuperUserActions {
  onEdit: (user: SuperUser) => void;
  onResetPassword: (user: SuperUser) => void;
  onDelete: (user: SuperUser) => void;
}

export function superUserColumns({ onEdit, onResetPassword, onDelete }: SuperUserActions): ColDef<SuperUser>[] {
  return [
    { field: 'name', headerName: 'Full Name' },
    { field: 'mobileNumber', headerName: 'Mobile Number' },
    { field: 'email', headerName: 'Primary Contact email' },
    { field: 'address', headerName: 'Address' },
    {
      ...actionColumn,
      cellRenderer: ({ data }: { data?: SuperUser }) =>
        data && (
          <RowActions
            id={data.id}
            name={data.name}
            edit={{ onClick: () => onEdit(data) }}
            detail={{ to: `${ROUTES.usersPage}/${data.id}` }}
            resetPassword={{ onClick: () => onResetPassword(data) }}
            remove={{ onClick: () => onDelete(data) }}
          />
        ),
    },
  ];
}
