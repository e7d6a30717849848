import { loginFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Checkbox, Group } from '@mantine/core';
import i18next from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { CURRENT_PASSWORD } from '../../components/form/TextFields';
import { login } from '../../session/session-store';
import { AccountForm } from './AccountForm';

/**
 * Loads the catalogues the form reads ('account', and 'domain' through useDomainText) ahead of it.
 * The login modal opens in the same moment as the toast saying why the session ended, which lives
 * 5 s: a form still waiting for its texts kept the modal away meanwhile, and over a slow network or
 * on a busy machine the toast was gone before the modal came.
 */
export function preloadLoginForm(): void {
  void i18next.loadNamespaces(['account', 'domain']);
}

/**
 * The sign-in form of the login page and of the login modal (§2.1). A failed attempt is reported
 * by the HTTP client's toast ('Invalid email/password or your account is not activated.').
 */
export function LoginForm() {
  const { t } = useTranslation('account');
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  return (
    <AccountForm
      form={form}
      onSubmit={form.handleSubmit((values) => login(values))}
      fields={[
        {
          name: 'username',
          label: t('field.email'),
          kind: 'email',
          autoComplete: 'username',
          placeholder: t('login.emailPlaceholder'),
          autofocus: true,
          testId: 'username',
        },
        { name: 'password', label: t('field.password'), ...CURRENT_PASSWORD, testId: 'password' },
      ]}
      submitLabel={t('login.submit')}
      submitTestId="login-submit"
      testId="login-form"
    >
      <Group justify="space-between">
        <Checkbox label={t('login.rememberMe')} data-testid="remember-me" {...form.register('rememberMe')} />
        <Anchor component={Link} to={ROUTES.resetRequest} size="sm" data-testid="forgot-password">
          {t('login.forgotPassword')}
        </Anchor>
      </Group>
    </AccountForm>
  );
}
