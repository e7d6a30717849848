import { Button, Container, Stack, Title } from '@mantine/core';
import { use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../api/app-info';
import { clientConfig } from '../../api/client-config';
import { ROUTES } from '../../routing/routes';
import { logout } from '../../session/session-store';

/** /logout (§2.1): ends the session locally; hands over to an identity provider if one is set. */
export function LogoutPage() {
  const { t } = useTranslation('account');
  const config = use(clientConfig());
  const profile = useProfile();
  const logoutUrl = profile.data?.logoutUrl ?? config.logoutUrl;

  useEffect(() => {
    void logout();
  }, []);
  useEffect(() => {
    if (logoutUrl) window.location.assign(logoutUrl);
  }, [logoutUrl]);

  return (
    <Container size={420} py={48}>
      <Stack align="center">
        <Title order={3} data-testid="logout-message">
          {t('logout.message')}
        </Title>
        <Button component={Link} to={ROUTES.login} data-testid="logout-login">
          {t('logout.login')}
        </Button>
      </Stack>
    </Container>
  );
}
