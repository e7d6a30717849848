import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ribbonLabel, useProfile } from '../../api/app-info';
import { ROUTES } from '../routes';
import { useSession } from '../session/useSession';

/** The top bar; the shell renders it only for an authenticated user (§2.3). */
export function Header() {
  const { account } = useSession();
  const ribbon = ribbonLabel(useProfile().data);
  return (
    <header className="app-header" data-testid="app-header">
      <Group gap="sm">
        <Anchor component={Link} to={ROUTES.home} c="white" fw={700} underline="never" data-testid="app-name">
          evfleet
        </Anchor>
        {ribbon && (
          <Badge color="orange" variant="filled" data-testid="env-ribbon">
            {ribbon}
          </Badge>
        )}
      </Group>
      <Group gap="md">
        <Text size="sm" c="white" data-testid="header-login">
          {account?.login}
        </Text>
        <Anchor component={Link} to={ROUTES.accountPassword} c="white" size="sm" data-testid="change-password-link">
          Change password
        </Anchor>
        <Anchor component={Link} to={ROUTES.logout} c="white" size="sm" data-testid="logout-link">
          Sign out
        </Anchor>
      </Group>
    </header>
  );
}
