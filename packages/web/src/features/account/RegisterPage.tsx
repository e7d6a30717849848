import { DEFAULT_LANG_KEY, registerFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../api/field-errors';
import { HttpError } from '../../api/http';
import { translate } from '../../i18n';
import { refusalText } from '../../i18n/messages';
import { useDomainText } from '../../i18n/useDomainText';
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
  const { t } = useTranslation('account');
  const { t: message } = useTranslation();
  const domainText = useDomainText();
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
        {t('register.title')}
      </Title>
      {outcome && 'saved' in outcome && (
        <Alert color="green" mb="md" data-testid="register-success">
          {t('register.saved')}
        </Alert>
      )}
      {outcome && 'reason' in outcome && (
        <Alert color="red" mb="md" data-testid="register-error">
          {message('register.failed', { reason: outcome.reason })}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('register.login')}
            autoComplete="username"
            data-testid="register-login"
            error={domainText(errors.login?.message)}
            {...register('login')}
          />
          <TextInput
            label={t('field.email')}
            type="email"
            autoComplete="email"
            data-testid="register-email"
            error={domainText(errors.email?.message)}
            {...register('email')}
          />
          <PasswordInput
            label={t('field.newPassword')}
            autoComplete="new-password"
            data-testid="register-password"
            error={domainText(errors.password?.message)}
            {...register('password')}
          />
          <PasswordStrengthBar password={password} />
          <PasswordInput
            label={t('field.confirmPassword')}
            autoComplete="new-password"
            data-testid="register-confirm-password"
            error={domainText(errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Alert color="blue" mt="lg" title={t('register.demoTitle')} data-testid="demo-accounts-hint">
        {t('register.demo')}
      </Alert>
    </Container>
  );
}
