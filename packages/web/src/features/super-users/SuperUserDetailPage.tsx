import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailLayout } from '../../components/DetailLayout';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { useIdParam } from '../../routing/useIdParam';
import { useSuperUser } from './api/super-users-api';
import { SuperUserModal } from './SuperUserModal';

/**
 * /users-page/:id: the users detail screen of §2.8 (it shows the user id). Back goes to the super
 * users list, where the user came from, not to /dealer as the spec's leftover link did; Edit opens
 * the same 'Edit User' form as the list.
 */
export function SuperUserDetailPage() {
  const { t } = useTranslation('super-users');
  const id = useIdParam();
  const user = useSuperUser(id);
  const [editing, setEditing] = useState(false);
  if (id === null) return <NotFound />;

  return (
    <DetailLayout
      title={t('detail.title')}
      query={user}
      loadFailed={t('loadFailed')}
      fields={(record) => [
        { label: t('name'), value: record.name, testId: 'super-user-detail-name' },
        { label: t('mobileNumber'), value: record.mobileNumber, testId: 'super-user-detail-mobile' },
        { label: t('contactEmail'), value: record.email, testId: 'super-user-detail-email' },
        { label: t('address'), value: record.address, testId: 'super-user-detail-address' },
        { label: t('detail.userId'), value: record.userId, testId: 'super-user-detail-user' },
      ]}
      backLabel={t('back')}
      backTo={ROUTES.usersPage}
      editLabel={t('edit')}
      edit={user.data ? { onClick: () => setEditing(true) } : undefined}
    >
      <SuperUserModal opened={editing} user={user.data ?? null} onClose={() => setEditing(false)} />
    </DetailLayout>
  );
}
