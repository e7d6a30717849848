import { highestRole } from '@evfleet/domain';
import { AppShell, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { useSession } from '../../session/useSession';
import { MenuFooter } from './MenuFooter';
import { SideMenu } from './SideMenu';

/** §2.1: what the sidebar says on /home instead of the menu. */
function WelcomePanel() {
  const { t } = useTranslation('app');
  return (
    <Stack gap="xs" p="md" data-testid="welcome-panel">
      <Title order={4}>{t('sidebar.welcome')}</Title>
      <Text fw={600} size="sm">
        {t('sidebar.aboutUs')}
      </Text>
      <Text size="sm">{t('sidebar.about')}</Text>
    </Stack>
  );
}

function UserCard() {
  const { t } = useTranslation('app');
  const { account } = useSession();
  if (!account)
    return (
      <Text p="md" data-testid="sidebar-loading">
        {t('sidebar.loading')}
      </Text>
    );
  const role = highestRole(account.authorities);
  return (
    <Stack gap={0} px="md" py="sm" data-testid="sidebar-user">
      <Text fw={600}>
        {account.firstName} {account.lastName}
      </Text>
      <Text size="xs" c="dimmed" data-testid="sidebar-role">
        {role ? t(`role.${role}`) : t('footer.none')}
      </Text>
    </Stack>
  );
}

/** The sidebar of an authenticated user (§2.3); `collapsed` keeps the logo and the menu's icons. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  if (pathname === ROUTES.home && !collapsed)
    return (
      <AppShell.Section grow component={ScrollArea}>
        <WelcomePanel />
      </AppShell.Section>
    );
  return (
    <>
      <AppShell.Section>
        <Group gap="xs" px={collapsed ? 0 : 'md'} pt="md" justify={collapsed ? 'center' : 'flex-start'}>
          <img src="/logo.svg" alt={t('sidebar.logo')} width={32} height={32} data-testid="sidebar-logo" />
          {!collapsed && <Text fw={700}>evfleet</Text>}
        </Group>
        {!collapsed && <UserCard />}
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} mt={collapsed ? 'sm' : 0}>
        <SideMenu collapsed={collapsed} />
      </AppShell.Section>
      {!collapsed && (
        <AppShell.Section>
          <MenuFooter />
        </AppShell.Section>
      )}
    </>
  );
}
