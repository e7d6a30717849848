import { ActionIcon, Anchor, Badge, Burger, Group, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ribbonLabel, useProfile } from '../../api/app-info';
import { ROUTES } from '../../routing/routes';
import { useSession } from '../../session/useSession';
import { ColorSchemeToggle } from './ColorSchemeToggle';

interface HeaderProps {
  /** The phone's menu drawer. */
  menuOpened: boolean;
  onToggleMenu: () => void;
  /** The wide screen's icons-only sidebar. */
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
}

/** The top bar; the shell renders it only for an authenticated user (§2.3). */
export function Header({ menuOpened, onToggleMenu, sidebarCollapsed, onToggleSidebar }: HeaderProps) {
  const { t } = useTranslation('app');
  const { account } = useSession();
  const ribbon = ribbonLabel(useProfile().data);
  const sidebarAction = t(sidebarCollapsed ? 'header.expandSidebar' : 'header.collapseSidebar');
  return (
    <Group className="app-header" data-testid="app-header" justify="space-between" wrap="nowrap" h="100%" px="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          color="white"
          aria-label={t(menuOpened ? 'header.closeMenu' : 'header.openMenu')}
          data-testid="menu-burger"
        />
        <Tooltip label={sidebarAction}>
          <ActionIcon
            onClick={onToggleSidebar}
            visibleFrom="sm"
            variant="subtle"
            color="white"
            aria-label={sidebarAction}
            aria-expanded={!sidebarCollapsed}
            data-testid="sidebar-toggle"
          >
            {sidebarCollapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
          </ActionIcon>
        </Tooltip>
        <Anchor component={Link} to={ROUTES.home} c="white" fw={700} underline="never" data-testid="app-name">
          evfleet
        </Anchor>
        {ribbon && (
          <Badge color="orange" variant="filled" data-testid="env-ribbon">
            {ribbon}
          </Badge>
        )}
      </Group>
      <Group gap="md" wrap="nowrap">
        <ColorSchemeToggle />
        <Text size="sm" c="white" visibleFrom="sm" data-testid="header-login">
          {account?.login}
        </Text>
        <Anchor component={Link} to={ROUTES.accountPassword} c="white" size="sm" data-testid="change-password-link">
          {t('header.changePassword')}
        </Anchor>
        <Anchor component={Link} to={ROUTES.logout} c="white" size="sm" data-testid="logout-link">
          {t('header.signOut')}
        </Anchor>
      </Group>
    </Group>
  );
}
