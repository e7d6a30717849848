import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** The administration sections (part 1 §2.3's admin menu), relative to /admin. */
export const ADMIN_SECTIONS = [
  { path: 'user-management', label: 'User management' },
  { path: 'health', label: 'Health' },
  { path: 'metrics', label: 'Metrics' },
  { path: 'configuration', label: 'Configuration' },
  { path: 'audits', label: 'Audits' },
  { path: 'logs', label: 'Logs' },
  { path: 'diagnostics', label: 'Diagnostics' },
  { path: 'docs', label: 'API' },
] as const;

/** Tabs over every administration screen, so each is one click from the others. */
export function AdminLayout() {
  const section = useLocation().pathname.split('/')[2] ?? '';
  const navigate = useNavigate();
  return (
    <Tabs value={section} onChange={(next) => next && navigate(`/admin/${next}`)}>
      <Tabs.List px="md" pt="sm">
        {ADMIN_SECTIONS.map((s) => (
          <Tabs.Tab key={s.path} value={s.path}>
            {s.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {/* Each tab names its panel (aria-controls), so each has one; the open one shows the screen. */}
      {ADMIN_SECTIONS.map((s) => (
        <Tabs.Panel key={s.path} value={s.path}>
          {s.path === section && <Outlet />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
