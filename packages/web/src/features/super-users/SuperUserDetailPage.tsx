import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFields } from '../../components/DetailFields';
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
  const navigate = useNavigate();
  const user = useSuperUser(id);
  const [editing, setEditing] = useState(false);
  if (id === null) return <NotFound />;

  return (
    <Stack gap="md" p="md">
      <Title order={2} data-testid="detail-title">
        {t('detail.title')}
      </Title>
      {user.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {user.isError && <Alert color="red">{t('loadFailed')}</Alert>}
      {user.data && (
        <DetailFields
          fields={[
            { label: t('name'), value: user.data.name, testId: 'super-user-detail-name' },
            { label: t('mobileNumber'), value: user.data.mobileNumber, testId: 'super-user-detail-mobile' },
            { label: t('contactEmail'), value: user.data.email, testId: 'super-user-detail-email' },
            { label: t('address'), value: user.data.address, testId: 'super-user-detail-address' },
            { label: t('detail.userId'), value: user.data.userId, testId: 'super-user-detail-user' },
          ]}
        />
      )}
      <Group>
        <Button variant="default" onClick={() => navigate(ROUTES.usersPage)} data-testid="back">
          {t('back')}
        </Button>
        {user.data && (
          <Button onClick={() => setEditing(true)} data-testid="detail-edit">
            {t('edit')}
          </Button>
        )}
      </Group>
      <SuperUserModal opened={editing} user={user.data ?? null} onClose={() => setEditing(false)} />
    </Stack>
  );
}
