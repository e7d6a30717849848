import { TRACKER_MESSAGES } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { figure, mappingsFormSchema, newRow } from '../src/features/device-profiles/mappings-form';
import { PHONE_ID_LENGTH, randomPhoneId, trackerFormSchema } from '../src/features/vehicles/tracker/tracker-form';
import { can } from '../src/session/permissions';

/** An IMEI with a valid check digit (Teltonika's own example, docs/devices.md). */
const IMEI = '356307042441013';
const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the tracker form (docs/devices.md)', () => {
  it('sends a Teltonika tracker with its profile as a number, and the built-in one as null', () => {
    expect(trackerFormSchema.parse({ protocol: 'teltonika', identifier: ` ${IMEI} `, profileId: '7' })).toEqual({
      protocol: 'teltonika',
      identifier: IMEI,
      profileId: 7,
    });
    expect(trackerFormSchema.parse({ protocol: 'teltonika', identifier: IMEI, profileId: '' })).toMatchObject({
      profileId: null,
    });
  });

  it("refuses an IMEI whose check digit is wrong, under the identifier, in the domain's words", () => {
    const result = trackerFormSchema.safeParse({ protocol: 'teltonika', identifier: '356307042441014', profileId: '' });
    expect(messagesOf(result)).toEqual([['identifier', TRACKER_MESSAGES.imei]]);
  });

  it("sends a phone's id alone, refusing a short one; no tracker sends nothing else", () => {
    expect(
      messagesOf(trackerFormSchema.safeParse({ protocol: 'osmand', identifier: '123456', profileId: '3' })),
    ).toEqual([['identifier', TRACKER_MESSAGES.osmandId]]);
    const id = randomPhoneId();
    expect(trackerFormSchema.parse({ protocol: 'osmand', identifier: id, profileId: '3' })).toEqual({
      protocol: 'osmand',
      identifier: id,
    });
    expect(trackerFormSchema.parse({ protocol: 'none', identifier: IMEI, profileId: '3' })).toEqual({
      protocol: 'none',
    });
  });

  it('proposes phone ids of 20 letters and digits, each new', () => {
    const ids = Array.from({ length: 200 }, () => randomPhoneId());
    for (const id of ids) expect(id).toMatch(new RegExp(`^[A-Za-z0-9]{${PHONE_ID_LENGTH}}$`));
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up: none is left out by the draw.
    expect(new Set(ids.join('')).size).toBe(62);
  });

  it('is offered to administrators and dealers, as the server allows (mayManageTracker)', () => {
    const access = (...authorities: string[]) => ({ authorities, pages: [] });
    expect(can(access('ROLE_ADMIN', 'ROLE_USER'), 'trackers')).toBe(true);
    expect(can(access('ROLE_DEALER'), 'trackers')).toBe(true);
    expect(can(access('ROLE_FLEET'), 'trackers')).toBe(false);
    expect(can(access('ROLE_USER'), 'trackers')).toBe(false);
    expect(can(access('ROLE_DEALER'), 'deviceProfiles')).toBe(false);
  });
});

describe('the mappings table of a device profile', () => {
  const row = (io: string, signal: string, scale = '1', offset = '0') => ({ ...newRow(), io, signal, scale, offset });

  it('reads figures typed with either decimal mark, and a blank as none', () => {
    expect(figure('0,001')).toBe(0.001);
    expect(figure(' -40 ')).toBe(-40);
    expect(figure('')).toBeNaN();
  });

  it("saves the rows as the domain's profile, with the figures as numbers", () => {
    expect(
      mappingsFormSchema.parse({
        name: 'Carts',
        mappings: [row('66', 'battery12v', '0,001'), row('10500', 'auxProbe')],
      }),
    ).toEqual({
      name: 'Carts',
      protocol: 'teltonika',
      mappings: [
        { io: 66, signal: 'battery12v', scale: 0.001, offset: 0, signed: false, source: null },
        { io: 10500, signal: 'auxProbe', scale: 1, offset: 0, signed: false, source: null },
      ],
    });
  });

  it('refuses an element mapped twice, on the second row', () => {
    const result = mappingsFormSchema.safeParse({
      name: 'Carts',
      mappings: [row('66', 'battery12v'), row('66', 'speed')],
    });
    expect(messagesOf(result)).toEqual([['mappings.1.io', TRACKER_MESSAGES.duplicateIo]]);
  });

  it('refuses a blank id or scale and a signal that is no name, each on its row', () => {
    const result = mappingsFormSchema.safeParse({
      name: 'Carts',
      mappings: [row('66', 'battery12v'), row('', 'x', ''), row('5', '1st')],
    });
    expect(messagesOf(result).map(([path]) => path)).toEqual([
      'mappings.1.io',
      'mappings.1.scale',
      'mappings.2.signal',
    ]);
  });
});
