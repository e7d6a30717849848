import type { ZoneVisitRow } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { costsText, costText } from '../src/components/format/costs';
import { createFormat } from '../src/components/format/format';
import { timeInside, visitDays } from '../src/components/zone-visits/visit-days';

const MIN = 60_000;
const visit = (
  enteredAt: string,
  exitedAt: string | null,
  charge: Partial<Pick<ZoneVisitRow, 'chargedKwh' | 'chargeCost' | 'currency'>> = {},
): ZoneVisitRow => ({
  zoneId: 1,
  zoneName: 'North depot',
  kind: 'depot',
  vehicleId: 7,
  vehicleName: 'Van 7',
  enteredAt,
  exitedAt,
  chargedKwh: 0,
  chargeCost: null,
  currency: null,
  distanceMiles: 0.2,
  ...charge,
});

describe("a vehicle's zone visits by day", () => {
  const zone = 'America/Denver';
  const now = Date.parse('2026-11-21T20:00:00Z');

  it('groups visits by the local day they began on, and adds up each day', () => {
    const visits = [
      // 23:30 on the 19th in Denver: the evening before, locally, and past midnight whole.
      visit('2026-11-20T06:30:00Z', '2026-11-20T08:00:00Z', { chargedKwh: 10, chargeCost: 1.4, currency: 'USD' }),
      visit('2026-11-20T15:00:00Z', '2026-11-20T15:45:00Z'),
      visit('2026-11-20T17:00:00Z', '2026-11-20T18:00:00Z', { chargedKwh: 5.5, chargeCost: 0.7, currency: 'USD' }),
      visit('2026-11-20T19:00:00Z', '2026-11-20T19:10:00Z', { chargedKwh: 2, chargeCost: 0.5, currency: 'EUR' }),
      visit('2026-11-21T19:00:00Z', null),
    ];
    const days = visitDays(visits, zone, now);
    expect(days.map((d) => [d.day, d.visits.length])).toEqual([
      ['2026-11-19', 1],
      ['2026-11-20', 3],
      ['2026-11-21', 1],
    ]);
    expect(days[0]).toMatchObject({ insideMs: 90 * MIN, chargedKwh: 10, costs: [{ currency: 'USD', cost: 1.4 }] });
    expect(days[1]).toMatchObject({
      insideMs: 115 * MIN,
      chargedKwh: 7.5,
      costs: [
        { currency: 'EUR', cost: 0.5 },
        { currency: 'USD', cost: 0.7 },
      ],
    });
    // A visit still open counts until now.
    expect(days[2]).toMatchObject({ insideMs: 60 * MIN, chargedKwh: 0, costs: [] });
  });

  it('has no days without visits', () => {
    expect(visitDays([], zone, now)).toEqual([]);
  });

  it('times a visit from entering to leaving, or to now while inside', () => {
    expect(timeInside(visit('2026-11-21T19:00:00Z', '2026-11-21T19:20:00Z'), now)).toBe(20 * MIN);
    expect(timeInside(visit('2026-11-21T19:30:00Z', null), now)).toBe(30 * MIN);
  });
});

describe("a zone's visits by day", () => {
  const byVehicle = (vehicleId: number, enteredAt: string, exitedAt: string, chargeCost: number) => ({
    ...visit(enteredAt, exitedAt, { chargedKwh: chargeCost * 10, chargeCost, currency: 'USD' }),
    vehicleId,
    vehicleName: `Van ${vehicleId}`,
  });

  it("groups several vehicles' visits by the day they began on in the zone's time zone", () => {
    const visits = [
      // 23:30 on the 19th in Chicago, 00:30 on the 20th in New York.
      byVehicle(7, '2026-11-20T05:30:00Z', '2026-11-20T06:00:00Z', 0.4),
      byVehicle(8, '2026-11-20T14:00:00Z', '2026-11-20T15:00:00Z', 0.6),
      byVehicle(7, '2026-11-20T16:00:00Z', '2026-11-20T16:30:00Z', 0.5),
    ];
    const now = Date.parse('2026-11-21T00:00:00Z');
    expect(visitDays(visits, 'America/Chicago', now).map((d) => [d.day, d.visits.map((v) => v.vehicleId)])).toEqual([
      ['2026-11-19', [7]],
      ['2026-11-20', [8, 7]],
    ]);
    const [oneDay] = visitDays(visits, 'America/New_York', now);
    expect(oneDay).toMatchObject({ day: '2026-11-20', insideMs: 120 * MIN, costs: [{ currency: 'USD', cost: 1.5 }] });
  });
});

describe('charge costs', () => {
  const en = createFormat({ language: 'en', hourCycle: '24h' });
  const de = createFormat({ language: 'de', hourCycle: '24h' });

  it('writes an amount with its currency, a dash when it is not known', () => {
    expect(costText(0.7, 'USD', en)).toBe('0.70 USD');
    expect(costText(1234.5, 'EUR', de)).toBe('1.234,50 EUR');
    expect(costText(null, null, en)).toBe('—');
    expect(costText(3, null, en)).toBe('—');
  });

  it('writes each currency of a sum', () => {
    expect(
      costsText(
        [
          { currency: 'EUR', cost: 3.1 },
          { currency: 'USD', cost: 12.4 },
        ],
        en,
      ),
    ).toBe('3.10 EUR, 12.40 USD');
    expect(costsText([], en)).toBe('—');
  });
});
