import { ACCOUNT_TEXTS, changePasswordFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '../../api/field-errors';
import { useSession } from '../../app/session/useSession';
import { changePassword } from './api/account-api';
import { PasswordStrengthBar } from './PasswordStrengthBar';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** /account/password. A failure toasts the call's own message (§8), set in account-api. */
export function PasswordPage() {
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
        Password for [{account?.login}]
      </Title>
      {changed && (
        <Alert color="green" mb="md" data-testid="password-changed">
          {ACCOUNT_TEXTS.passwordChanged}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-testid="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            data-testid="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordStrengthBar password={newPassword} />
          <PasswordInput
            label="New password confirmation"
            autoComplete="new-password"
            data-testid="confirm-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="password-submit">
            Save
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
