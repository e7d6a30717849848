import type { Fleet } from '@evfleet/domain';
import { Badge } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { ROUTES } from '../../app/routes';
import { actionColumn, RowActions, type RowPermissions } from '../../components/list/RowActions';

export function FleetStatus({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" tt="none">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

interface FleetActions {
  onEdit: (fleet: Fleet) => void;
  onResetPassword: (fleet: Fleet) => void;
  can: RowPermissions;
}

export function fleetColumns({ onEdit, onResetPassword, can }: FleetActions): ColDef<Fleet>[] {
  return [
    { field: 'name', headerName: 'Fleet Name' },
    { field: 'email', headerName: 'Fleet Email' },
    { field: 'dealerName', headerName: 'Dealer Name' },
    { field: 'dealerEmail', headerName: 'Dealer Email' },
    {
      field: 'status',
      headerName: 'Status',
      maxWidth: 130,
      cellRenderer: ({ value }: { value: boolean }) => <FleetStatus active={value} />,
    },
    {
      ...actionColumn,
      cellRenderer: ({ data }: { data?: Fleet }) =>
        data && (
          <RowActions
            id={data.id}
            name={data.name}
            edit={can.write ? { onClick: () => onEdit(data) } : undefined}
            resetPassword={can.resetPassword ? { onClick: () => onResetPassword(data) } : undefined}
            detail={{ to: `${ROUTES.fleet}/${data.id}` }}
            remove={can.write ? { to: `${ROUTES.fleet}/${data.id}/delete` } : undefined}
          />
        ),
    },
  ];
}
