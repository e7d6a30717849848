import { DEFAULT_PAGES, type Page } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { SIDE_MENU, visibleMenu, type MenuEntry } from '../src/app/shell/menu';
import { can } from '../src/session/permissions';

const ids = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.id, ...ids(e.children ?? [])]);
const roles = (...authorities: string[]) => ({ authorities, pages: [] });
const pages = (allowed: readonly Page[]) => ({ authorities: ['ROLE_USER'], pages: allowed });

describe('can: roles (part 1 §2.2)', () => {
  it('refuses a user without authorities, even for an empty requirement', () => {
    expect(can(roles(), { roles: [] })).toBe(false);
    expect(can(roles(), { roles: ['ROLE_USER'] })).toBe(false);
  });
  it('lets any authenticated user through an empty requirement', () => {
    expect(can(roles('ROLE_FLEET'), { roles: [] })).toBe(true);
  });
  it('needs one shared role', () => {
    expect(can(roles('ROLE_ADMIN', 'ROLE_USER'), { roles: ['ROLE_ADMIN'] })).toBe(true);
    expect(can(roles('ROLE_USER'), { roles: ['ROLE_ADMIN'] })).toBe(false);
  });
  it('reads a named action as the roles the server admits for it', () => {
    expect(can(roles('ROLE_ADMIN'), 'vehicles')).toBe(true);
    expect(can(roles('ROLE_DEALER'), 'vehicles')).toBe(false);
    expect(can(roles('ROLE_DEALER'), 'fleets')).toBe(true);
    expect(can(roles('ROLE_FLEET'), 'fleets')).toBe(false);
    expect(can(roles('ROLE_USER'), 'report')).toBe(true);
    expect(can(roles('ROLE_FLEET'), 'report')).toBe(false);
  });
});

describe('can: pages (part 1 §6)', () => {
  it("allows exactly the role's pages", () => {
    expect(can(pages(['Settings']), { page: 'Settings' })).toBe(true);
    expect(can(pages(['Settings']), { page: 'Roles And Permission' })).toBe(false);
  });
});

describe('visibleMenu (part 1 §2.3)', () => {
  it('shows an administrator every entry', () => {
    const admin = { authorities: ['ROLE_ADMIN', 'ROLE_USER'], pages: DEFAULT_PAGES.ROLE_ADMIN };
    expect(ids(visibleMenu(SIDE_MENU, admin))).toEqual(ids([...SIDE_MENU]));
  });
  it('shows a plain user only its pages, dropping groups left empty', () => {
    expect(ids(visibleMenu(SIDE_MENU, pages(DEFAULT_PAGES.ROLE_USER)))).toEqual([
      'dashboard',
      'vehicle',
      'vehicle-list',
      'analytics',
      'report',
      'can-history-report',
      'profile',
      'api-keys',
      'notifications',
    ]);
  });
  it('shows Analytics to every role, whatever its pages', () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_FLEET', 'ROLE_DEALER'] as const) {
      expect(ids(visibleMenu(SIDE_MENU, { authorities: [role], pages: DEFAULT_PAGES[role] }))).toContain('analytics');
    }
    expect(ids(visibleMenu(SIDE_MENU, pages([])))).toContain('analytics');
  });
  it('shows Zones to those who manage zones: administrators, dealers and fleet owners', () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_FLEET', 'ROLE_DEALER'] as const) {
      expect(ids(visibleMenu(SIDE_MENU, { authorities: [role], pages: DEFAULT_PAGES[role] }))).toContain('zones');
    }
    // Staff open the list by its address; drivers, who hold ROLE_USER too, are refused by the server.
    expect(ids(visibleMenu(SIDE_MENU, pages(DEFAULT_PAGES.ROLE_USER)))).not.toContain('zones');
  });
  it('shows Webhooks under Administration to administrators, dealers and fleet owners, without the Settings pages', () => {
    for (const role of ['ROLE_DEALER', 'ROLE_FLEET'] as const) {
      const shown = visibleMenu(SIDE_MENU, { authorities: [role], pages: DEFAULT_PAGES[role] });
      const administration = shown.find((entry) => entry.id === 'administration');
      expect(ids(administration?.children ?? [])).toEqual(['webhooks']);
    }
    expect(ids(visibleMenu(SIDE_MENU, pages(DEFAULT_PAGES.ROLE_USER)))).not.toContain('webhooks');
  });
  it('hides Roles And Permission without its page but keeps the rest of Administration', () => {
    const shown = ids(visibleMenu(SIDE_MENU, pages(['Settings'])));
    expect(shown).toContain('users');
    expect(shown).toContain('email-template');
    expect(shown).not.toContain('roles-permission');
    expect(shown).not.toContain('vehicle-template');
  });
});
