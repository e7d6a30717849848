import { resetFinishFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { applyServerFieldErrors } from '../../api/field-errors';
import { ROUTES } from '../../routing/routes';
import { useDomainText } from '../../i18n/useDomainText';
import { finishPasswordReset } from './api/account-api';
import { PasswordStrengthBar } from './PasswordStrengthBar';
import { keyParam } from './key-param';

/** /account/reset/finish?key= (§2.1): the form shows only when a key is present. */
export function ResetFinishPage() {
  const { t } = useTranslation('account');
  const domainText = useDomainText();
  const key = keyParam(useSearchParams()[0], useParams());
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(resetFinishFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await finishPasswordReset(key ?? '', values.newPassword);
      setDone(true);
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

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
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={t('field.newPassword')}
              autoComplete="new-password"
              data-testid="reset-new-password"
              error={domainText(errors.newPassword?.message)}
              {...register('newPassword')}
            />
            <PasswordStrengthBar password={newPassword} />
            <PasswordInput
              label={t('field.confirmPassword')}
              autoComplete="new-password"
              data-testid="reset-confirm-password"
              error={domainText(errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="reset-finish-submit">
              {t('resetFinish.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Container>
  );
}
