import { loginFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import i18next from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDomainText } from '../../i18n/useDomainText';
import { ROUTES } from '../../routing/routes';
import { login } from '../../session/session-store';

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
  const domainText = useDomainText();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  return (
    <form onSubmit={handleSubmit((values) => login(values))} noValidate data-testid="login-form">
      <Stack gap="sm">
        <TextInput
          label={t('field.email')}
          type="email"
          autoComplete="username"
          placeholder={t('login.emailPlaceholder')}
          data-autofocus
          data-testid="username"
          error={domainText(errors.username?.message)}
          {...register('username')}
        />
        <PasswordInput
          label={t('field.password')}
          autoComplete="current-password"
          data-testid="password"
          error={domainText(errors.password?.message)}
          {...register('password')}
        />
        <Group justify="space-between">
          <Checkbox label={t('login.rememberMe')} data-testid="remember-me" {...register('rememberMe')} />
          <Anchor component={Link} to={ROUTES.resetRequest} size="sm" data-testid="forgot-password">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
