import { describe, expect, it } from 'vitest';
import { createFormat } from '../src/components/format/format';

const at = (iso: string) => new Date(iso);
const english24 = createFormat({ language: 'en', hourCycle: '24h', dateStyle: 'language', timeZone: 'UTC' });
const english12 = createFormat({ language: 'en', hourCycle: '12h', dateStyle: 'language', timeZone: 'UTC' });

describe('the formatting module', () => {
  it('writes midnight and the last minute validly on both clocks', () => {
    expect(english12.time(at('2026-11-26T00:00:00Z'))).toBe('12:00 AM');
    expect(english12.time(at('2026-11-26T23:59:00Z'))).toBe('11:59 PM');
    expect(english12.time(at('2026-11-26T12:30:00Z'))).toBe('12:30 PM');
    expect(english24.time(at('2026-11-26T00:00:00Z'))).toBe('00:00');
    expect(english24.time(at('2026-11-26T23:59:00Z'))).toBe('23:59');
  });

  it('writes a date in the language order, and a moment as one value without a comma', () => {
    expect(english24.date(at('2026-03-04T10:00:00Z'))).toBe('03/04/2026');
    const german = createFormat({ language: 'de', hourCycle: '24h', dateStyle: 'language', timeZone: 'UTC' });
    expect(german.date(at('2026-03-04T10:00:00Z'))).toBe('04.03.2026');
    // A list's cell keeps the language's full year: only the specification's list date shortens it.
    expect(english24.dateTime(at('2026-03-04T17:05:09Z'), { list: true })).toBe('03/04/2026 17:05');
    expect(english24.dateTime(at('2026-03-04T17:05:09Z'), { seconds: true })).toBe('03/04/2026 17:05:09');
    expect(english12.dateTime(at('2026-03-04T17:05:09Z'))).toBe('03/04/2026 05:05 PM');
  });

  it("writes the specification's patterns by default, day first in every language", () => {
    const english = createFormat({ language: 'en', hourCycle: '24h', timeZone: 'UTC' });
    const german12 = createFormat({ language: 'de', hourCycle: '12h', timeZone: 'UTC' });
    const moment = at('2026-03-04T17:05:09Z');
    // Local date DD/MM/YYYY; list date DD/MM/YY HH:mm (part 2, "Date formats").
    expect(english.date(moment)).toBe('04/03/2026');
    expect(english.dateTime(moment, { list: true })).toBe('04/03/26 17:05');
    expect(english.dateTime(moment, { seconds: true })).toBe('04/03/2026 17:05:09');
    expect(german12.date(moment)).toBe('04/03/2026');
    expect(german12.dateTime(moment, { list: true })).toMatch(/^04\/03\/26 05:05\sPM$/);
    // The day is the zone's day.
    expect(createFormat({ language: 'en', hourCycle: '24h', timeZone: 'Pacific/Auckland' }).date(moment)).toBe(
      '05/03/2026',
    );
  });

  it('names a calendar month of UTC in the language, whatever the zone', () => {
    const berlin = createFormat({ language: 'de', hourCycle: '24h', timeZone: 'Europe/Berlin' });
    expect(english24.month('2026-11-01')).toBe('November 2026');
    expect(berlin.month('2026-03-01')).toBe('März 2026');
  });

  it('tells a moment in another zone and names it', () => {
    const local = createFormat({ language: 'en', hourCycle: '24h', dateStyle: 'language', timeZone: 'Europe/Berlin' });
    expect(local.dateTime('2026-01-01T23:30:00Z', { timeZone: 'UTC', zoneName: true })).toBe('01/01/2026 23:30 UTC');
    expect(local.dateTime('2026-01-01T23:30:00Z')).toBe('01/02/2026 00:30');
  });

  it('groups numbers by the language and keeps at most the decimals asked for', () => {
    expect(english24.number(1234.567)).toBe('1,234.57');
    expect(english24.number(12)).toBe('12');
    expect(english24.number(3.1, { min: 2, max: 2 })).toBe('3.10');
    expect(createFormat({ language: 'de', hourCycle: '24h' }).number(1234.5)).toBe('1.234,5');
    expect(english24.unit(12.345, 'kWh')).toBe('12.35 kWh');
    expect(english24.unit(null, 'kWh')).toBe('—');
    expect(english24.fixed(12.5, 2, 'kWh')).toBe('12.50 kWh');
    expect(english24.fixed(1234.567, 1)).toBe('1,234.6');
    expect(english24.fixed(0.125, 2)).toBe('0.13');
    expect(english24.fixed(0, 1)).toBe('0.0');
    expect(english24.fixed(Number.NaN, 1)).toBe('—');
    expect(createFormat({ language: 'de', hourCycle: '24h' }).fixed(12.5, 1, 'kWh')).toBe('12,5 kWh');
  });

  it('tells how long, and how long ago in the largest whole unit, in the language', () => {
    expect(english24.duration(20_000)).toBe('20 s');
    expect(english24.duration(45 * 60_000)).toBe('45 min');
    expect(english24.duration(125 * 60_000)).toBe('2 h 05 min');
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(english24.relative('2026-11-26T11:59:55Z', now)).toBe('5 seconds ago');
    expect(english24.relative('2026-11-26T09:00:00Z', now)).toBe('3 hours ago');
    expect(createFormat({ language: 'de', hourCycle: '24h' }).relative('2026-11-24T12:00:00Z', now)).toBe(
      'vor 2 Tagen',
    );
  });

  it('writes a short UTC day, with the year when asked', () => {
    expect(english24.day('2026-11-26')).toBe('Nov 26');
    expect(english24.day('2026-11-26', true)).toBe('Nov 26, 2026');
    expect(createFormat({ language: 'de', hourCycle: '24h' }).day('2026-11-26')).toBe('26. Nov.');
  });

  it('says one vehicle, two vehicles', () => {
    expect(english24.count(1, 'vehicle')).toBe('1 vehicle');
    expect(english24.count(0, 'vehicle')).toBe('0 vehicles');
    expect(english24.count(2, 'vehicle')).toBe('2 vehicles');
    expect(english24.count(1204, 'vehicle')).toBe('1,204 vehicles');
    expect(english24.count(1, 'person', 'people')).toBe('1 person');
  });

  it('falls back to English for a language Intl does not know, and gives pickers a valid clock', () => {
    expect(createFormat({ language: 'zz-!!', hourCycle: '24h' }).locale).toBe('en');
    expect(english12.pickerPattern()).toBe('YYYY/MM/DD hh:mm A');
    expect(english24.pickerPattern()).toBe('YYYY/MM/DD HH:mm');
    expect(english12.pickerPattern(true)).toBe('YYYY/MM/DD hh:mm:ss A');
    expect(english24.pickerPattern(true)).toBe('YYYY/MM/DD HH:mm:ss');
  });
});

describe('the warning log date (§2)', () => {
  it('is told in GMT whatever the zone of the browser', async () => {
    const { warningLogDate } = await import('../src/features/vehicles/detail/warning-log/warningLogColumns');
    const berlin = createFormat({ language: 'en', hourCycle: '24h', timeZone: 'Europe/Berlin' });
    // DD/MM/YYYY HH:mm GMT by default (part 2 §2), the language's order when chosen.
    expect(warningLogDate('2026-11-20T17:05:42.000Z', berlin)).toBe('20/11/2026 17:05 GMT');
    expect(warningLogDate('2026-01-02T03:04:00+05:00', english12)).toBe('01/01/2026 10:04 PM GMT');
    expect(warningLogDate('2026-11-20T17:05:42.000Z', english12)).toBe('11/20/2026 05:05 PM GMT');
  });

  it("writes an alert's moment inside its text as the row's Date column does", async () => {
    const { warningLogText, warningLogDate } =
      await import('../src/features/vehicles/detail/warning-log/warningLogColumns');
    const date = '2026-11-28T20:20:00.000Z';
    const entry = {
      id: 1,
      type: 'SEVERE' as const,
      date,
      updated: date,
      name: 'Motor Current',
      attributeName: 'motorCurrent',
      value: 302,
      notificationContent: 'Cart 7 (VIN V1): SEVERE: motor current is 302 A at 28/11/2026 20:20 GMT.',
    };
    const specification = createFormat({ language: 'en', hourCycle: '24h' });
    expect(warningLogText(entry, specification)).toBe(entry.notificationContent);
    expect(warningLogDate(date, specification)).toBe('28/11/2026 20:20 GMT');
    expect(warningLogText(entry, english24)).toBe(
      'Cart 7 (VIN V1): SEVERE: motor current is 302 A at 11/28/2026 20:20 GMT.',
    );
    expect(warningLogText({ ...entry, notificationContent: null }, english24)).toBe('Motor Current: 302');
  });
});
