import { localMinuteOfDay } from './local-time.js';
import { minutesOf, type Tariff } from './zones.js';

/** Energy charged over a span of time, spread evenly across it (one interval between two readings). */
export interface EnergySpan {
  from: number;
  to: number;
  kwh: number;
}

const MINUTE_MS = 60_000;

/** A tariff's price for each minute of the day. */
function pricesByMinute(tariff: Tariff): Float64Array {
  const prices = new Float64Array(1440).fill(tariff.perKwh);
  for (const band of tariff.bands) {
    const from = minutesOf(band.from);
    const to = minutesOf(band.to);
    for (let m = from; m !== to; m = (m + 1) % 1440) prices[m] = band.perKwh;
  }
  return prices;
}

/**
 * What energy cost at a tariff whose bands are times of day in `timeZone`: each span's energy is
 * split at every minute boundary in proportion to time, and each piece is priced by the band its
 * minute falls in. Bands begin and end on whole minutes, so the split is exact. Unrounded.
 */
export function tariffCost(tariff: Tariff, timeZone: string, spans: Iterable<EnergySpan>): number {
  const prices = pricesByMinute(tariff);
  const minuteOf = localMinuteOfDay(timeZone);
  let cost = 0;
  for (const { from, to, kwh } of spans) {
    if (!(kwh > 0)) continue;
    if (!(to > from)) {
      cost += kwh * prices[minuteOf(from)];
      continue;
    }
    for (let t = from; t < to;) {
      const next = Math.min(to, (Math.floor(t / MINUTE_MS) + 1) * MINUTE_MS);
      cost += (kwh * (next - t) * prices[minuteOf(t)]) / (to - from);
      t = next;
    }
  }
  return cost;
}

/** A cost as answered: to the cent. */
export const roundCost = (cost: number) => Math.round(cost * 100) / 100;

/** Costs summed per currency, to the cent, by currency code: amounts in different currencies never add up. */
export function sumCosts(costs: Iterable<{ currency: string; cost: number }>): { currency: string; cost: number }[] {
  const totals = new Map<string, number>();
  for (const { currency, cost } of costs) totals.set(currency, (totals.get(currency) ?? 0) + cost);
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, cost]) => ({ currency, cost: roundCost(cost) }));
}
