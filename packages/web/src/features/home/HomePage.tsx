import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { useSession } from '../../session/useSession';

/** /home (§1, §2.1): a greeting and the way to the user's vehicles. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { account } = useSession();
  const name = [account?.firstName, account?.lastName].filter(Boolean).join(' ') || account?.login;
  return (
    <Container size="md" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} data-testid="home-greeting">
          {t('greeting', { name: name ?? '' })}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
        <Button component={Link} to={ROUTES.vehicle} size="md" data-testid="show-my-vehicle">
          {t('showVehicles')}
        </Button>
      </Stack>
    </Container>
  );
}
