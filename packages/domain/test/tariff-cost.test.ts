import { describe, expect, it } from 'vitest';
import { roundCost, sumCosts, tariffCost } from '../src/tariff-cost.js';

const tariff = { currency: 'USD', perKwh: 0.14, bands: [{ from: '07:00', to: '23:00', perKwh: 0.21 }] };
const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('tariff cost', () => {
  it('prices a charge across two bands by the energy in each, to the cent', () => {
    // 10 kWh evenly from 06:30 to 07:30: 5 kWh at 0.14, 5 kWh at 0.21.
    const spans = [];
    for (let t = utc('2026-03-02T06:30:00'); t < utc('2026-03-02T07:30:00'); t += 10_000)
      spans.push({ from: t, to: t + 10_000, kwh: 10 / 360 });
    expect(roundCost(tariffCost(tariff, 'UTC', spans))).toBe(1.75);
  });

  it('reads the bands in the zone’s time zone, summer time included', () => {
    const span = (iso: string) => [{ from: utc(iso), to: utc(iso) + 60_000, kwh: 1 }];
    // 05:30 UTC is 07:30 in Berlin in summer (inside the band) and 06:30 in winter (outside).
    expect(tariffCost(tariff, 'Europe/Berlin', span('2026-07-01T05:30:00'))).toBeCloseTo(0.21, 10);
    expect(tariffCost(tariff, 'Europe/Berlin', span('2026-01-01T05:30:00'))).toBeCloseTo(0.14, 10);
    // Kolkata is UTC+05:30: 01:20 UTC is 06:50 there.
    expect(tariffCost(tariff, 'Asia/Kolkata', span('2026-01-01T01:20:00'))).toBeCloseTo(0.14, 10);
    expect(tariffCost(tariff, 'Asia/Kolkata', span('2026-01-01T01:30:00'))).toBeCloseTo(0.21, 10);
  });

  it('prices a band that runs past midnight, and splits a span inside a minute by time', () => {
    const night = { currency: 'EUR', perKwh: 0.3, bands: [{ from: '22:00', to: '06:00', perKwh: 0.1 }] };
    expect(
      tariffCost(night, 'UTC', [{ from: utc('2026-01-01T23:59:00'), to: utc('2026-01-02T00:01:00'), kwh: 2 }]),
    ).toBeCloseTo(0.2, 10);
    const edge = [{ from: utc('2026-01-01T05:59:30'), to: utc('2026-01-01T06:00:30'), kwh: 2 }];
    expect(tariffCost(night, 'UTC', edge)).toBeCloseTo(0.1 + 0.3, 10);
  });

  it('sums costs per currency, each to the cent, so float sums read as money', () => {
    const costs = [
      { currency: 'USD', cost: 0.1 },
      { currency: 'EUR', cost: 1 },
      { currency: 'USD', cost: 0.2 },
    ];
    expect(sumCosts(costs)).toEqual([
      { currency: 'EUR', cost: 1 },
      { currency: 'USD', cost: 0.3 },
    ]);
  });
});
