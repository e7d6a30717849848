import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import type { FromState } from '../../routing/from-state';
import { AFTER_LOGIN, ROUTES } from '../../routing/routes';
import { useSession } from '../../session/useSession';
import { SignInChoices, usePasswordSignIn } from './SignInChoices';
import { useActivationToast } from './useActivationToast';

export const CONTACT_EMAIL = 'support@evfleet.local';

/**
 * /login (§2.1): the sign-in form, a contact link and a collapsible menu of account links; with an
 * OpenID provider (docs/integrations.md) its button too, or only its button when password sign-in is off.
 */
export function LoginPage() {
  const { t } = useTranslation('account');
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  useActivationToast(params.get('key'));
  const passwords = usePasswordSignIn();

  if (isAuthenticated) {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from ?? { pathname: AFTER_LOGIN }} replace />;
  }
  return (
    <Container size={420} py={48}>
      <Card withBorder shadow="sm" padding="lg" radius="md">
        <Stack gap="md">
          <Title order={2}>{t('login.title')}</Title>
          <SignInChoices />
          <Text size="sm">
            {t('login.needHelp')}{' '}
            <Anchor href={`mailto:${CONTACT_EMAIL}`} data-testid="contact-link">
              {t('login.contact')}
            </Anchor>
          </Text>
          {passwords && (
            <details className="link-menu" data-testid="login-link-menu">
              <summary>{t('login.moreOptions')}</summary>
              <Stack gap={4} mt="xs">
                <Anchor component={Link} to={ROUTES.register} size="sm">
                  {t('login.register')}
                </Anchor>
                <Anchor component={Link} to={ROUTES.resetRequest} size="sm">
                  {t('resetRequest.title')}
                </Anchor>
              </Stack>
            </details>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
