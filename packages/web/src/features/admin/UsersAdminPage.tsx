import type { User } from '@evfleet/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DataGrid } from '../../components/DataGrid';
import { useFormat } from '../../components/format/useFormat';
import type { GridSort } from '../../components/data-grid-props';
import { PageSizeSelect } from '../../components/list/PageSizeSelect';
import { Pager } from '../../components/list/Pager';
import { useDeleteConfirm } from '../../components/list/useDeleteConfirm';
import { useEditing } from '../../components/list/useEditing';
import { usePaging } from '../../components/list/usePaging';
import { useDeleteUser, useUsers } from './api/users-api';
import { userColumns } from './userColumns';
import { UserModal } from './UserModal';

/** /admin/user-management: the account administration list of api/users. */
export function UsersAdminPage() {
  const { t } = useTranslation('admin');
  const { account } = useSession();
  const format = useFormat();
  const paging = usePaging();
  const [sort, setSort] = useState<GridSort | null>(null);
  const editing = useEditing<User>();
  const users = useUsers({
    page: paging.page,
    size: paging.size,
    sort: sort ? `${sort.colId},${sort.direction}` : 'id,asc',
  });
  const remove = useDeleteUser();
  const deleting = useDeleteConfirm({
    remove: (user: User) => remove.mutateAsync(user),
    deleted: (user) => t('users.deleted', { login: user.login }),
  });

  const columns = useMemo(
    () =>
      userColumns({
        onEdit: editing.edit,
        onDelete: deleting.ask,
        currentLogin: account?.login,
        format,
        t,
      }),
    [editing.edit, deleting.ask, account?.login, format, t],
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={2}>{t('users.title')}</Title>
        <Group>
          <PageSizeSelect value={paging.size} onChange={paging.setSize} />
          <Button onClick={editing.add} data-testid="user-create">
            {t('users.create')}
          </Button>
        </Group>
      </Group>
      <DataGrid
        rows={users.data?.rows}
        columns={columns}
        loading={users.isFetching}
        rowId={(user) => String(user.id)}
        onSortChange={(next) => {
          setSort(next);
          paging.firstPage();
        }}
        noRowsText={t('users.empty')}
        testId="users-grid"
      />
      <Pager page={paging.page} size={paging.size} total={users.data?.total ?? 0} onPageChange={paging.setPage} />
      <UserModal opened={editing.opened} user={editing.record} onClose={editing.close} />
      <ConfirmModal {...deleting.modal} title={t('users.deleteTitle')}>
        <Text>{t('users.deleteQuestion', { login: deleting.row?.login ?? '' })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
