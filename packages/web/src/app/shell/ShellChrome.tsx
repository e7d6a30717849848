import { AppShell } from '@mantine/core';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

interface ShellChromeProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  /** The sidebar shows its icons only (collapsed, on a wide screen). */
  iconsOnly: boolean;
}

/**
 * The header and the sidebar of a signed-in user, in their own chunk: the sign-in page, the one
 * screen in the entry bundle, never shows them (with their icons, tooltips and menus).
 */
export default function ShellChrome({ iconsOnly, ...header }: ShellChromeProps) {
  return (
    <>
      <AppShell.Header withBorder={false}>
        <Header {...header} />
      </AppShell.Header>
      <AppShell.Navbar className="sidebar" data-testid="sidebar" data-collapsed={iconsOnly || undefined}>
        <Sidebar collapsed={iconsOnly} />
      </AppShell.Navbar>
    </>
  );
}
