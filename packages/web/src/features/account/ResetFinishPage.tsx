import { resetFinishFormSchema } from '@evfleet/domain';
import { Alert, Anchor, Container, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { finishPasswordReset } from './api/account-api';
import { keyParam } from './key-param';
import { NewPasswordForm } from './NewPasswordForm';

/** /account/reset/finish?key= (§2.1): the form shows only when a key is present. */
export function ResetFinishPage() {
  const { t } = useTranslation('account');
  const key = keyParam(useSearchParams()[0], useParams());
  const [done, setDone] = useState(false);

  return (
    <Container size={480} py="xl">
      <Title order={2} mb="md">
        {t('resetPassword')}
      </Title>
      {!key && (
        <Alert color="red" data-testid="reset-key-missing">
          {t('resetFinish.keyMissing')}
        </Alert>
      )}
      {done && (
        <Alert color="green" data-testid="reset-finish-success">
          {t('resetFinish.done')} {t('signIn.please')}{' '}
          <Anchor component={Link} to={ROUTES.login}>
            {t('signIn.link')}
          </Anchor>
          .
        </Alert>
      )}
      {key && !done && (
        <NewPasswordForm
          schema={resetFinishFormSchema}
          testIds={{
            newPassword: 'reset-new-password',
            confirmPassword: 'reset-confirm-password',
            submit: 'reset-finish-submit',
          }}
          submitLabel={t('resetFinish.submit')}
          onSubmit={async ({ newPassword }) => {
            await finishPasswordReset(key, newPassword);
            setDone(true);
          }}
        />
      )}
    </Container>
  );
}
