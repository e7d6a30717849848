import type { ChargingCost } from '@evfleet/domain';
import type { Format } from './format';
import { NONE } from './figures';

/** An amount and its currency code, '0.70 USD'; NONE when either is not known. */
export const costText = (cost: number | null, currency: string | null, format: Format) =>
  cost === null || currency === null ? NONE : format.fixed(cost, 2, currency);

/** Costs in several currencies, '12.40 USD, 3.10 EUR'; NONE for none. */
export const costsText = (costs: readonly ChargingCost[], format: Format) =>
  costs.length === 0 ? NONE : costs.map((c) => costText(c.cost, c.currency, format)).join(', ');
