import type { SuperUser } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { rowActionsColumn } from '../../components/list/rowActionsColumn';
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
    rowActionsColumn((user) => ({
      edit: { onClick: () => onEdit(user) },
      detail: { to: `${ROUTES.usersPage}/${user.id}` },
      resetPassword: { onClick: () => onResetPassword(user) },
      remove: { onClick: () => onDelete(user) },
    })),
  ];
}
