import type { ChargingCost } from '@evfleet/domain';
import type { Format } from './format';
import { NONE } from './figures';

/** Costs summed per currency, to the cent, by currency code: amounts in different currencies never add up. */
export function sumCosts(costs: Iterable<ChargingCost>): ChargingCost[] {
  const totals = new Map<string, number>();
  for (const { currency, cost } of costs) totals.set(currency, (totals.get(currency) ?? 0) + cost);
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, cost]) => ({ currency, cost: Math.round(cost * 100) / 100 }));
}

/** An amount and its currency code, '0.70 USD'; NONE when either is not known. */
export const costText = (cost: number | null, currency: string | null, format: Format) =>
  cost === null || currency === null ? NONE : format.fixed(cost, 2, currency);

/** Costs in several currencies, '12.40 USD, 3.10 EUR'; NONE for none. */
export const costsText = (costs: readonly ChargingCost[], format: Format) =>
  costs.length === 0 ? NONE : costs.map((c) => costText(c.cost, c.currency, format)).join(', ');
