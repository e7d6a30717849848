import type { Dealer } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { actionColumn, RowActions, type RowPermissions } from '../../components/list/RowActions';
import { ROUTES } from '../../routing/routes';

export function dealerColumns(
  onResetPassword: (dealer: Dealer) => void,
  can: RowPermissions,
  t: TFunction<'dealers'>,
): ColDef<Dealer>[] {
  return [
    { field: 'name', headerName: t('column.name') },
    { field: 'company', headerName: t('column.company') },
    { field: 'mobileNumber', headerName: t('column.mobileNumber') },
    { field: 'email', headerName: t('column.email') },
    { field: 'address', headerName: t('column.address') },
    {
      ...actionColumn,
      cellRenderer: ({ data }: { data?: Dealer }) =>
        data && (
          <RowActions
            id={data.id}
            name={data.name}
            edit={can.write ? { to: `${ROUTES.dealer}/${data.id}/edit` } : undefined}
            detail={{ to: `${ROUTES.dealer}/${data.id}` }}
            resetPassword={can.resetPassword ? { onClick: () => onResetPassword(data) } : undefined}
            remove={can.write ? { to: `${ROUTES.dealer}/${data.id}/delete` } : undefined}
          />
        ),
    },
  ];
}
