import { Alert, Button, Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fetchSession } from '../../session/session-store';

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
