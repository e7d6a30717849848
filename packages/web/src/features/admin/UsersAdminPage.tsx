import type { User } from '@evfleet/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { toast } from '../../notify/toast';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DataGrid } from '../../components/DataGrid';
import { useFormat } from '../../components/format/useFormat';
import type { GridSort } from '../../components/data-grid-props';
import { PageSizeSelect } from '../../components/list/PageSizeSelect';
import { Pager } from '../../components/list/Pager';
import { usePaging } from '../../components/list/usePaging';
import { useDeleteUser, useUsers } from './api/users-api';
import { userColumns } from './userColumns';
import { UserModal } from './UserModal';

/** The modal in use: creating (null user) or editing one user. */
type Editing = { user: User | null } | null;

/** /admin/user-management: the account administration list of api/users. */
export function UsersAdminPage() {
  const { t } = useTranslation('admin');
  const { account } = useSession();
  const format = useFormat();
  const paging = usePaging();
  const [sort, setSort] = useState<GridSort | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const users = useUsers({
    page: paging.page,
    size: paging.size,
    sort: sort ? `${sort.colId},${sort.direction}` : 'id,asc',
  });
  const remove = useDeleteUser();

  const columns = useMemo(
    () =>
      userColumns({
        onEdit: (user) => setEditing({ user }),
        onDelete: setDeleting,
        currentLogin: account?.login,
        format,
        t,
      }),
    [account?.login, format, t],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting).then(
      () => toast.success(t('users.deleted', { login: deleting.login })),
      () => undefined, // the HTTP client has already said why
    );
    setDeleting(null);
  };

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={2}>{t('users.title')}</Title>
        <Group>
          <PageSizeSelect value={paging.size} onChange={paging.setSize} />
          <Button onClick={() => setEditing({ user: null })} data-testid="user-create">
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
      <UserModal opened={editing !== null} user={editing?.user ?? null} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('users.deleteTitle')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <Text>{t('users.deleteQuestion', { login: deleting?.login ?? '' })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
