import { ACCOUNT_TEXTS, DEFAULT_LANG_KEY, registerFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '../../api/field-errors';
import { HttpError } from '../../api/http';
import { translate } from '../../i18n';
import { refusalText } from '../../i18n/messages';
import { registerAccount } from './api/account-api';
import { PasswordStrengthBar } from './PasswordStrengthBar';

/**
 * §8: a failed registration keeps the server's errorKey; people read its sentence (or the refusal's
 * own text when the server gave no key).
 */
function reasonOf(error: unknown): string {
  if (!(error instanceof HttpError)) return translate('error.unknown');
  const { body, headers, status } = error.call;
  const { errorKey, message } = (body ?? {}) as { errorKey?: unknown; message?: unknown };
  const header = Object.entries(headers).find(([name]) => name.toLowerCase().endsWith('app-error'))?.[1];
  const serverText = header ?? (typeof message === 'string' ? message : undefined);
  return refusalText(typeof errorKey === 'string' ? errorKey : undefined, serverText, status);
}

/** /account/register (§2.1). */
export function RegisterPage() {
  const [outcome, setOutcome] = useState<{ saved: true } | { reason: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { login: '', email: '', password: '', confirmPassword: '', langKey: DEFAULT_LANG_KEY },
  });
  const { register, handleSubmit, control, formState } = form;
  const password = useWatch({ control, name: 'password' });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ confirmPassword: _notSent, ...request }) => {
    try {
      await registerAccount(request);
      setOutcome({ saved: true });
      form.reset();
    } catch (error) {
      applyServerFieldErrors(error, form);
      setOutcome({ reason: reasonOf(error) });
    }
  });

  return (
    <Container size={520} py="xl">
      <Title order={2} mb="md">
        Registration
      </Title>
      {outcome && 'saved' in outcome && (
        <Alert color="green" mb="md" data-testid="register-success">
          {ACCOUNT_TEXTS.registered}
        </Alert>
      )}
      {outcome && 'reason' in outcome && (
        <Alert color="red" mb="md" data-testid="register-error">
          {translate('register.failed', { reason: outcome.reason })}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Username"
            autoComplete="username"
            data-testid="register-login"
            error={errors.login?.message}
            {...register('login')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            data-testid="register-email"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            data-testid="register-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordStrengthBar password={password} />
          <PasswordInput
            label="New password confirmation"
            autoComplete="new-password"
            data-testid="register-confirm-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="register-submit">
            Register
          </Button>
        </Stack>
      </form>
      <Alert color="blue" mt="lg" title="Demo accounts" data-testid="demo-accounts-hint">
        To try the portal, sign in as the administrator (login &quot;admin@evfleet.local&quot;, password
        &quot;admin123&quot;) or as a user (login &quot;user@evfleet.local&quot;, password &quot;user1234&quot;).
      </Alert>
    </Container>
  );
}
