import type { Dealer } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import type { PeopleColumnsArgs } from '../../components/list/PeopleListPage';
import { routedActions, rowActionsColumn } from '../../components/list/rowActionsColumn';
import { ROUTES } from '../../routing/routes';

export function dealerColumns({ onResetPassword, can, t }: PeopleColumnsArgs<Dealer, 'dealers'>): ColDef<Dealer>[] {
  return [
    { field: 'name', headerName: t('column.name') },
    { field: 'company', headerName: t('column.company') },
    { field: 'mobileNumber', headerName: t('column.mobileNumber') },
    { field: 'email', headerName: t('column.email') },
    { field: 'address', headerName: t('column.address') },
    rowActionsColumn((dealer) => ({
      ...routedActions(ROUTES.dealer, dealer.id, can.write),
      resetPassword: can.resetPassword ? { onClick: () => onResetPassword(dealer) } : undefined,
    })),
  ];
}
