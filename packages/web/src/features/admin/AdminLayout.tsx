import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** The administration sections (part 1 §2.3's admin menu), relative to /admin. */
export const ADMIN_SECTIONS = [
  'user-management',
  'device-profiles',
  'health',
  'metrics',
  'configuration',
  'audits',
  'logs',
  'diagnostics',
  'docs',
] as const;

/** Tabs over every administration screen, so each is one click from the others. */
export function AdminLayout() {
  const section = useLocation().pathname.split('/')[2] ?? '';
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  return (
    <Tabs value={section} onChange={(next) => next && navigate(`/admin/${next}`)}>
      <Tabs.List px="md" pt="sm">
        {ADMIN_SECTIONS.map((path) => (
          <Tabs.Tab key={path} value={path}>
            {t(`section.${path}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {/* Each tab names its panel (aria-controls), so each has one; the open one shows the screen. */}
      {ADMIN_SECTIONS.map((path) => (
        <Tabs.Panel key={path} value={path}>
          {path === section && <Outlet />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
