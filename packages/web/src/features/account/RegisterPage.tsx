import { DEFAULT_LANG_KEY, registerFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../api/field-errors';
import { HttpError } from '../../api/http';
import { translate } from '../../i18n';
import { refusalText } from '../../i18n/messages';
import { AccountForm } from './AccountForm';
import { AccountPage } from './AccountPage';
import { registerAccount } from './api/account-api';
import { NewPasswordFields } from './NewPasswordFields';

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
  const [outcome, setOutcome] = useState<{ saved: true } | { reason: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { login: '', email: '', password: '', confirmPassword: '', langKey: DEFAULT_LANG_KEY },
  });

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _notSent, ...request }) => {
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
    <AccountPage title={t('register.title')}>
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
      <AccountForm
        form={form}
        onSubmit={onSubmit}
        fields={[
          { name: 'login', label: t('register.login'), autoComplete: 'username', testId: 'register-login' },
          { name: 'email', label: t('field.email'), kind: 'email', autoComplete: 'email', testId: 'register-email' },
        ]}
        submitLabel={t('register.submit')}
        submitTestId="register-submit"
      >
        <NewPasswordFields
          form={form}
          names={{ password: 'password', confirm: 'confirmPassword' }}
          testIds={{ password: 'register-password', confirm: 'register-confirm-password' }}
        />
      </AccountForm>
      <Alert color="blue" mt="lg" title={t('register.demoTitle')} data-testid="demo-accounts-hint">
        {t('register.demo')}
      </Alert>
    </AccountPage>
  );
}
