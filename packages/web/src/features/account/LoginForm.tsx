import { loginFormSchema } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ROUTES } from '../../app/routes';
import { login } from '../../app/session/session-store';

/**
 * The sign-in form of the login page and of the login modal (§2.1). A failed attempt is reported
 * by the HTTP client's toast ('Invalid email/password or your account is not activated.').
 */
export function LoginForm() {
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
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@example.com"
          data-autofocus
          data-testid="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          data-testid="password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Group justify="space-between">
          <Checkbox label="Remember me" data-testid="remember-me" {...register('rememberMe')} />
          <Anchor component={Link} to={ROUTES.resetRequest} size="sm" data-testid="forgot-password">
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="login-submit">
          LOGIN
        </Button>
      </Stack>
    </form>
  );
}
