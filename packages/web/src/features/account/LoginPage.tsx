import { Anchor, Card, Center, Container, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import type { FromState } from '../../routing/from-state';
import { AFTER_LOGIN, ROUTES } from '../../routing/routes';
import { useSession } from '../../session/useSession';
import { oidcStatusQuery } from './api/oidc-api';
import { LoginForm } from './LoginForm';
import { SsoButton } from './SsoButton';
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
  const status = useQuery(oidcStatusQuery);
  const provider = status.data?.enabled ? status.data.name : null;
  const passwords = status.data?.passwordSignIn ?? true;

  if (isAuthenticated) {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from ?? { pathname: AFTER_LOGIN }} replace />;
  }
  return (
    <Container size={420} py={48}>
      <Card withBorder shadow="sm" padding="lg" radius="md">
        <Stack gap="md">
          <Title order={2}>{t('login.title')}</Title>
          {status.isPending ? (
            <Center py="xl" data-testid="login-status-loading">
              <Loader size="sm" />
            </Center>
          ) : (
            <>
              {passwords ? <LoginForm /> : <Text size="sm">{t('oidc.passwordOff')}</Text>}
              {provider && passwords && <Divider label={t('oidc.or')} />}
              {provider && <SsoButton name={provider} />}
            </>
          )}
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
