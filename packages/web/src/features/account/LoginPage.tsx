import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import type { FromState } from '../../app/guards/from-state';
import { AFTER_LOGIN, ROUTES } from '../../app/routes';
import { useSession } from '../../app/session/useSession';
import { LoginForm } from './LoginForm';
import { useActivationToast } from './useActivationToast';

export const CONTACT_EMAIL = 'support@evfleet.local';

/** /login (§2.1): the sign-in form, a contact link and a collapsible menu of account links. */
export function LoginPage() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  useActivationToast(params.get('key'));

  if (isAuthenticated) {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from ?? { pathname: AFTER_LOGIN }} replace />;
  }
  return (
    <Container size={420} py={48}>
      <Card withBorder shadow="sm" padding="lg" radius="md">
        <Stack gap="md">
          <Title order={2}>Sign in to evfleet</Title>
          <LoginForm />
          <Text size="sm">
            Need help?{' '}
            <Anchor href={`mailto:${CONTACT_EMAIL}`} data-testid="contact-link">
              Contact us
            </Anchor>
          </Text>
          <details className="link-menu" data-testid="login-link-menu">
            <summary>More options</summary>
            <Stack gap={4} mt="xs">
              <Anchor component={Link} to={ROUTES.register} size="sm">
                Register a new account
              </Anchor>
              <Anchor component={Link} to={ROUTES.resetRequest} size="sm">
                Reset your password
              </Anchor>
            </Stack>
          </details>
        </Stack>
      </Card>
    </Container>
  );
}
