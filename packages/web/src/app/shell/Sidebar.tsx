import { roleLabel } from '@evfleet/domain';
import { Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { ROUTES } from '../routes';
import { useSession } from '../session/useSession';
import { MenuFooter } from './MenuFooter';
import { SideMenu } from './SideMenu';

/** §2.1: what the sidebar says on /home instead of the menu. */
function WelcomePanel() {
  return (
    <Stack gap="xs" p="md" data-testid="welcome-panel">
      <Title order={4}>Welcome to evfleet</Title>
      <Text fw={600} size="sm">
        About Us
      </Text>
      <Text size="sm">
        evfleet keeps electric utility-vehicle fleets on the road. Every vehicle reports its CAN-bus and GPS readings;
        the portal keeps their history, warns when a battery, motor or brake reading leaves its safe range, shows the
        fleet live on a map and turns the history into reports for dealers, fleet owners and drivers.
      </Text>
    </Stack>
  );
}

function UserCard() {
  const { account } = useSession();
  if (!account)
    return (
      <Text p="md" data-testid="sidebar-loading">
        Loading..
      </Text>
    );
  return (
    <Stack gap={0} px="md" py="sm" data-testid="sidebar-user">
      <Text fw={600}>
        {account.firstName} {account.lastName}
      </Text>
      <Text size="xs" c="dimmed" data-testid="sidebar-role">
        {roleLabel(account.authorities)}
      </Text>
    </Stack>
  );
}

/** The sidebar of an authenticated user (§2.3). */
export function Sidebar() {
  const { pathname } = useLocation();
  return (
    <aside className="sidebar" data-testid="sidebar">
      {pathname === ROUTES.home ? (
        <WelcomePanel />
      ) : (
        <>
          <Group gap="xs" px="md" pt="md">
            <img src="/logo.svg" alt="evfleet logo" width={32} height={32} />
            <Text fw={700}>evfleet</Text>
          </Group>
          <UserCard />
          <ScrollArea className="sidebar-menu">
            <SideMenu />
          </ScrollArea>
          <MenuFooter />
        </>
      )}
    </aside>
  );
}
