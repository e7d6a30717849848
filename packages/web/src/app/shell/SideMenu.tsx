import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAccess } from '../session/useCan';
import { SIDE_MENU, visibleMenu, type MenuEntry } from './menu';

function isActive(entry: MenuEntry, pathname: string): boolean {
  if (entry.to)
    return entry.to === '/' ? pathname === '/' : pathname === entry.to || pathname.startsWith(`${entry.to}/`);
  return (entry.children ?? []).some((child) => isActive(child, pathname));
}

function MenuItem({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const active = isActive(entry, pathname);
  const common = { label: entry.label, 'data-testid': `menu-${entry.id}`, 'data-page': entry.page };
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

/** The menu entries of §2.3 that the user's role is allowed to see. */
export function SideMenu() {
  const access = useAccess();
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main menu" data-testid="side-menu">
      {visibleMenu(SIDE_MENU, access).map((entry) => (
        <MenuItem key={entry.id} entry={entry} pathname={pathname} />
      ))}
    </nav>
  );
}
