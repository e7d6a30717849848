import type { SuperUser } from '@evfleet/domain';
import { Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../notify/toast';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListLayout } from '../../components/list/ListLayout';
import { usePagedList } from '../../components/list/paged-list';
import { ResetPasswordModal } from '../../components/reset-password/ResetPasswordModal';
import { superUsersSource, useDeleteSuperUser } from './api/super-users-api';
import { SuperUserModal } from './SuperUserModal';
import { superUserColumns } from './superUserColumns';

/** The modal in use: adding (null user) or editing one super user. */
type Editing = { user: SuperUser | null } | null;

/** /users-page: the super users (§2.8). */
export function SuperUsersPage() {
  const { t } = useTranslation('super-users');
  const list = usePagedList<SuperUser>(superUsersSource);
  const [editing, setEditing] = useState<Editing>(null);
  const [resetting, setResetting] = useState<SuperUser | null>(null);
  const [deleting, setDeleting] = useState<SuperUser | null>(null);
  const remove = useDeleteSuperUser();
  const columns = useMemo(
    () =>
      superUserColumns({
        onEdit: (user) => setEditing({ user }),
        onResetPassword: setResetting,
        onDelete: setDeleting,
        t,
      }),
    [t],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('toast.deleted'));
      setDeleting(null);
    } catch {
      // the HTTP client has already said why; the dialog stays for another try or No
    }
  };

  return (
    <ListLayout
      title={t('list.title')}
      list={list}
      columns={columns}
      onAdd={() => setEditing({ user: null })}
      noRowsText={t('list.empty')}
      testId="super-users-grid"
    >
      <SuperUserModal opened={editing !== null} user={editing?.user ?? null} onClose={() => setEditing(null)} />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} showEmail />
      <ConfirmModal
        opened={deleting !== null}
        title={t('delete.title')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <Text data-testid="delete-question">{deleting && t('delete.question', { name: deleting.name })}</Text>
      </ConfirmModal>
    </ListLayout>
  );
}
