import type { Driver } from '@evfleet/domain';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { ROUTES } from '../../routing/routes';
import type { PeopleColumnsArgs } from '../../components/list/PeopleListPage';
import { routedActions, rowActionsColumn } from '../../components/list/rowActionsColumn';
import { photoSrc } from '../../components/image';

/** Full Name with the driver's photo and mobile under the name (§2.4). */
function DriverNameCell({ data }: { data?: Driver }) {
  if (!data) return null;
  return (
    <Group gap="xs" wrap="nowrap" h="100%" align="center">
      <Avatar src={photoSrc(data.data)} alt="" size={30} radius="xl" name={data.name} color="initials" />
      <Stack gap={0} style={{ lineHeight: 1.2 }}>
        <Text size="sm" fw={500} lh={1.25} truncate>
          {data.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.25}>
          {data.mobile}
        </Text>
      </Stack>
    </Group>
  );
}

export function driverColumns({ onResetPassword, can, t }: PeopleColumnsArgs<Driver, 'drivers'>): ColDef<Driver>[] {
  return [
    { field: 'name', headerName: t('column.name'), cellRenderer: DriverNameCell, minWidth: 220 },
    { field: 'email', headerName: t('email') },
    { field: 'fleetName', headerName: t('fleet') },
    rowActionsColumn((driver) => ({
      ...routedActions(ROUTES.driver, driver.id, can.write),
      resetPassword: can.resetPassword ? { onClick: () => onResetPassword(driver) } : undefined,
    })),
  ];
}
