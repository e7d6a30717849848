import type { Fleet } from '@evfleet/domain';
import { Badge } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RowPermissions } from '../../components/list/RowActions';
import { rowActionsColumn } from '../../components/list/rowActionsColumn';
import { ROUTES } from '../../routing/routes';

export function FleetStatus({ active }: { active: boolean }) {
  const { t } = useTranslation('fleets');
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" tt="none">
      {t(active ? 'active' : 'inactive')}
    </Badge>
  );
}

interface FleetActions {
  onEdit: (fleet: Fleet) => void;
  onResetPassword: (fleet: Fleet) => void;
  can: RowPermissions;
  t: TFunction<'fleets'>;
}

export function fleetColumns({ onEdit, onResetPassword, can, t }: FleetActions): ColDef<Fleet>[] {
  return [
    { field: 'name', headerName: t('name') },
    { field: 'email', headerName: t('email') },
    { field: 'dealerName', headerName: t('dealerName') },
    { field: 'dealerEmail', headerName: t('dealerEmail') },
    {
      field: 'status',
      headerName: t('status'),
      maxWidth: 130,
      cellRenderer: ({ value }: { value: boolean }) => <FleetStatus active={value} />,
    },
    rowActionsColumn((fleet) => ({
      edit: can.write ? { onClick: () => onEdit(fleet) } : undefined,
      resetPassword: can.resetPassword ? { onClick: () => onResetPassword(fleet) } : undefined,
      detail: { to: `${ROUTES.fleet}/${fleet.id}` },
      remove: can.write ? { to: `${ROUTES.fleet}/${fleet.id}/delete` } : undefined,
    })),
  ];
}
