import { changePasswordFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../api/field-errors';
import { useDomainText } from '../../i18n/useDomainText';
import { useSession } from '../../session/useSession';
import { changePassword } from './api/account-api';
import { PasswordStrengthBar } from './PasswordStrengthBar';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** /account/password. A failure toasts the call's own message (§8), set in account-api. */
export function PasswordPage() {
  const { t } = useTranslation('account');
  const domainText = useDomainText();
  const { account } = useSession();
  const [changed, setChanged] = useState(false);
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { register, handleSubmit, control, formState, reset } = form;
  const { errors, isSubmitting } = formState;
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword: next }) => {
    setChanged(false);
    try {
      await changePassword(currentPassword, next);
      setChanged(true);
      reset(EMPTY);
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

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
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            data-testid="current-password"
            error={domainText(errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
          <PasswordInput
            label={t('field.newPassword')}
            autoComplete="new-password"
            data-testid="new-password"
            error={domainText(errors.newPassword?.message)}
            {...register('newPassword')}
          />
          <PasswordStrengthBar password={newPassword} />
          <PasswordInput
            label={t('field.confirmPassword')}
            autoComplete="new-password"
            data-testid="confirm-password"
            error={domainText(errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="password-submit">
            {t('action.save')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
