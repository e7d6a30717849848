import { changePasswordFormSchema } from '@evfleet/domain';
import { Alert, Container, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { changePassword } from './api/account-api';
import { NewPasswordForm } from './NewPasswordForm';

/** /account/password. A failure toasts the call's own message (§8), set in account-api. */
export function PasswordPage() {
  const { t } = useTranslation('account');
  const { account } = useSession();
  const [changed, setChanged] = useState(false);

  return (
    <Container size={520} py="xl">
      <Title order={2} mb="md">
        {t('password.title', { login: account?.login ?? '' })}
      </Title>
      {changed && (
        <Alert color="green" mb="md" data-testid="password-changed">
          {t('password.changed')}
        </Alert>
      )}
      <NewPasswordForm
        schema={changePasswordFormSchema}
        current={{ label: t('password.current'), testId: 'current-password' }}
        testIds={{ newPassword: 'new-password', confirmPassword: 'confirm-password', submit: 'password-submit' }}
        submitLabel={t('action.save')}
        onSubmit={async ({ currentPassword = '', newPassword }) => {
          setChanged(false);
          await changePassword(currentPassword, newPassword);
          setChanged(true);
        }}
        clearAfter
      />
    </Container>
  );
}
