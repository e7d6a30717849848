import type { SuperUser } from '@evfleet/domain';
import { Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListLayout } from '../../components/list/ListLayout';
import { usePagedList } from '../../components/list/paged-list';
import { useDeleteConfirm } from '../../components/list/useDeleteConfirm';
import { useEditing } from '../../components/list/useEditing';
import { ResetPasswordModal } from '../../components/reset-password/ResetPasswordModal';
import { superUsersSource, useDeleteSuperUser } from './api/super-users-api';
import { SuperUserModal } from './SuperUserModal';
import { superUserColumns } from './superUserColumns';

/** /users-page: the super users (§2.8). */
export function SuperUsersPage() {
  const { t } = useTranslation('super-users');
  const list = usePagedList<SuperUser>(superUsersSource);
  const editing = useEditing<SuperUser>();
  const [resetting, setResetting] = useState<SuperUser | null>(null);
  const remove = useDeleteSuperUser();
  const deleting = useDeleteConfirm({
    remove: (user: SuperUser) => remove.mutateAsync(user.id),
    deleted: () => t('toast.deleted'),
    // The dialog stays for another try or No.
    keepOnRefusal: true,
  });
  const columns = useMemo(
    () => superUserColumns({ onEdit: editing.edit, onResetPassword: setResetting, onDelete: deleting.ask, t }),
    [editing.edit, deleting.ask, t],
  );

  return (
    <ListLayout
      title={t('list.title')}
      list={list}
      columns={columns}
      onAdd={editing.add}
      noRowsText={t('list.empty')}
      testId="super-users-grid"
    >
      <SuperUserModal opened={editing.opened} user={editing.record} onClose={editing.close} />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} showEmail />
      <ConfirmModal {...deleting.modal} title={t('delete.title')}>
        <Text data-testid="delete-question">{deleting.row && t('delete.question', { name: deleting.row.name })}</Text>
      </ConfirmModal>
    </ListLayout>
  );
}
