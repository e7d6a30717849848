import type { SuperUser } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { actionColumn, RowActions } from '../../components/list/RowActions';
import { ROUTES } from '../../routing/routes';

interface SuperUserActions {
  onEdit: (user: SuperUser) => void;
  onResetPassword: (user: SuperUser) => void;
  onDelete: (user: SuperUser) => void;
  t: TFunction<'super-users'>;
}

export function superUserColumns({ onEdit, onResetPassword, onDelete, t }: SuperUserActions): ColDef<SuperUser>[] {
  return [
    { field: 'name', headerName: t('name') },
    { field: 'mobileNumber', headerName: t('mobileNumber') },
    { field: 'email', headerName: t('contactEmail') },
    { field: 'address', headerName: t('address') },
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
