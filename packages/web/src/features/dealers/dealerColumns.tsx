import type { Dealer } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import { ROUTES } from '../../app/routes';
import { actionColumn, RowActions, type RowPermissions } from '../../components/list/RowActions';

export function dealerColumns(onResetPassword: (dealer: Dealer) => void, can: RowPermissions): ColDef<Dealer>[] {
  return [
    { field: 'name', headerName: 'Full Name' },
    { field: 'company', headerName: 'Company' },
    { field: 'mobileNumber', headerName: 'Primary Contact' },
    { field: 'email', headerName: 'Primary Contact email' },
    { field: 'address', headerName: 'Address' },
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
