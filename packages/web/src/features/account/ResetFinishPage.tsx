import { ACCOUNT_TEXTS, resetFinishFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { applyServerFieldErrors } from '../../api/field-errors';
import { ROUTES } from '../../app/routes';
import { finishPasswordReset } from './api/account-api';
import { PasswordStrengthBar } from './PasswordStrengthBar';
import { keyParam } from './key-param';

/** /account/reset/finish?key= (§2.1): the form shows only when a key is present. */
export function ResetFinishPage() {
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
        Reset password
      </Title>
      {!key && (
        <Alert color="red" data-testid="reset-key-missing">
          This link has no reset key: open the link from the reset email.
        </Alert>
      )}
      {done && (
        <Alert color="green" data-testid="reset-finish-success">
          {ACCOUNT_TEXTS.passwordReset} Please{' '}
          <Anchor component={Link} to={ROUTES.login}>
            sign in
          </Anchor>
          .
        </Alert>
      )}
      {key && !done && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              data-testid="reset-new-password"
              error={errors.newPassword?.message}
              {...register('newPassword')}
            />
            <PasswordStrengthBar password={newPassword} />
            <PasswordInput
              label="New password confirmation"
              autoComplete="new-password"
              data-testid="reset-confirm-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="reset-finish-submit">
              Validate new password
            </Button>
          </Stack>
        </form>
      )}
    </Container>
  );
}
