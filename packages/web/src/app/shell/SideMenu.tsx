import { ActionIcon, Menu, NavLink, Stack, Tooltip } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAccess } from '../../session/useCan';
import { SIDE_MENU, leavesOf, visibleMenu, type MenuEntry } from './menu';

function isActive(entry: MenuEntry, pathname: string): boolean {
  if (entry.to)
    return entry.to === '/' ? pathname === '/' : pathname === entry.to || pathname.startsWith(`${entry.to}/`);
  return (entry.children ?? []).some((child) => isActive(child, pathname));
}

function MenuItem({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation('app');
  const active = isActive(entry, pathname);
  const common = { label: t(`menu.${entry.id}`), 'data-testid': `menu-${entry.id}`, 'data-page': entry.page };
  if (entry.children) {
    return (
      <NavLink {...common} defaultOpened={active} childrenOffset="md">
        {entry.children.map((child) => (
          <MenuItem key={child.id} entry={child} pathname={pathname} />
        ))}
      </NavLink>
    );
  }
  return <NavLink {...common} component={Link} to={entry.to ?? '/'} active={active} />;
}

/** A top-level entry of the collapsed sidebar: its icon, named by a tooltip; a group pops out its pages. */
function IconItem({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation('app');
  const label = t(`menu.${entry.id}`);
  const active = isActive(entry, pathname);
  const Icon = entry.icon;
  const icon = Icon ? <Icon size={20} stroke={1.6} /> : label.charAt(0);
  const look = { variant: active ? 'light' : 'subtle', color: active ? undefined : 'gray', size: 'lg' } as const;
  if (!entry.children) {
    return (
      <Tooltip label={label} position="right" withArrow>
        <ActionIcon
          {...look}
          component={Link}
          to={entry.to ?? '/'}
          aria-label={label}
          aria-current={active ? 'page' : undefined}
          data-testid={`menu-${entry.id}`}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Menu position="right-start" withArrow>
      <Tooltip label={label} position="right" withArrow>
        <Menu.Target>
          <ActionIcon {...look} aria-label={label} data-testid={`menu-${entry.id}`}>
            {icon}
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {leavesOf(entry).map((leaf) => (
          <Menu.Item key={leaf.id} component={Link} to={leaf.to ?? '/'} data-testid={`menu-${leaf.id}`}>
            {t(`menu.${leaf.id}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The menu entries of §2.3 that the user's role is allowed to see; `collapsed` shows icons only. */
export function SideMenu({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation('app');
  const access = useAccess();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  const entries = visibleMenu(SIDE_MENU, access);

  // The open page's entry is kept in view, so a long menu never leaves it under the footer: when the
  // page changes, and when the menu's window changes size (the footer grows as the versions arrive).
  useEffect(() => {
    const menu = nav.current;
    const viewport = menu?.closest('.mantine-ScrollArea-viewport');
    if (!menu || !viewport) return;
    const reveal = () =>
      menu.querySelector('[data-active], [aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
    reveal();
    const observer = new ResizeObserver(reveal);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [pathname, collapsed]);

  return (
    <nav aria-label={t('sidebar.menu')} data-testid="side-menu" ref={nav}>
      {collapsed ? (
        <Stack gap={4} align="center" py="xs">
          {entries.map((entry) => (
            <IconItem key={entry.id} entry={entry} pathname={pathname} />
          ))}
        </Stack>
      ) : (
        entries.map((entry) => <MenuItem key={entry.id} entry={entry} pathname={pathname} />)
      )}
    </nav>
  );
}
