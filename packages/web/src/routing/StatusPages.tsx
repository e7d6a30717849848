import { Alert, Button, Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fetchSession } from '../session/session-store';

/** §2.2: an authenticated user without the required authority, or whose page the server refused (403). */
export function NotAuthorized() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('page.accessDenied.title')} data-testid="not-authorized">
        {t('page.accessDenied.text')}
      </Alert>
    </Container>
  );
}

/** §2.2: any path no route claims. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('page.notFound.title')} data-testid="not-found">
        {t('page.notFound.text')}
      </Alert>
    </Container>
  );
}

/** A signed-in user's page opened offline: the session cannot be checked until the network is back. */
export function Offline() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" title={t('page.offline.title')} data-testid="offline">
        <Text size="sm" mb="sm">
          {t('page.offline.text')}
        </Text>
        <Button size="xs" onClick={() => void fetchSession()} data-testid="offline-retry">
          {t('page.offline.retry')}
        </Button>
      </Alert>
    </Container>
  );
}
