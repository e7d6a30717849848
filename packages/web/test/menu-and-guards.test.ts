import { DEFAULT_PAGES } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { hasAnyAuthority } from '../src/app/session/authority';
import { SIDE_MENU, visibleMenu, type MenuEntry } from '../src/app/shell/menu';

const ids = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.id, ...ids(e.children ?? [])]);

describe('hasAnyAuthority (part 1 §2.2)', () => {
  it('refuses a user without authorities, even for an empty requirement', () => {
    expect(hasAnyAuthority([], [])).toBe(false);
    expect(hasAnyAuthority([], ['ROLE_USER'])).toBe(false);
  });
  it('lets any authenticated user through an empty requirement', () => {
    expect(hasAnyAuthority(['ROLE_FLEET'], [])).toBe(true);
  });
  it('needs one shared role', () => {
    expect(hasAnyAuthority(['ROLE_ADMIN', 'ROLE_USER'], ['ROLE_ADMIN'])).toBe(true);
    expect(hasAnyAuthority(['ROLE_USER'], ['ROLE_ADMIN'])).toBe(false);
  });
});

describe('visibleMenu (part 1 §2.3)', () => {
  it('shows an administrator every entry', () => {
    expect(ids(visibleMenu(SIDE_MENU, DEFAULT_PAGES.ROLE_ADMIN))).toEqual(ids([...SIDE_MENU]));
  });
  it('shows a plain user only its pages, dropping groups left empty', () => {
    expect(ids(visibleMenu(SIDE_MENU, DEFAULT_PAGES.ROLE_USER))).toEqual([
      'dashboard',
      'vehicle',
      'vehicle-list',
      'report',
      'can-history-report',
      'profile',
    ]);
  });
  it('hides Roles And Permission without its page but keeps the rest of Administration', () => {
    const shown = ids(visibleMenu(SIDE_MENU, ['Settings']));
    expect(shown).toContain('users');
    expect(shown).toContain('email-template');
    expect(shown).not.toContain('roles-permission');
    expect(shown).not.toContain('vehicle-template');
  });
});
