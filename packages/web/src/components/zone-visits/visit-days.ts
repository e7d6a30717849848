import { localDate, sumCosts, type ChargingCost, type ZoneVisitRow } from '@evfleet/domain';

/** One day's visits (by the local day each began on) and what they add up to. */
export interface VisitDay {
  /** 'YYYY-MM-DD' in the time zone the visits are shown in. */
  day: string;
  visits: ZoneVisitRow[];
  insideMs: number;
  /** Null when every visit's charging is withheld (the CAN details toggle). */
  chargedKwh: number | null;
  /** The day's charge costs per currency. */
  costs: ChargingCost[];
}

/** How long a visit lasted; one still open lasts until `now`. */
export const timeInside = (visit: Pick<ZoneVisitRow, 'enteredAt' | 'exitedAt'>, now: number) =>
  Math.max(0, (visit.exitedAt === null ? now : Date.parse(visit.exitedAt)) - Date.parse(visit.enteredAt));

/**
 * The visits grouped by the day they began on in `timeZone`, in the order they came
 * (oldest first); a visit past midnight counts whole on the day it began.
 */
export function visitDays(visits: readonly ZoneVisitRow[], timeZone: string, now: number): VisitDay[] {
  const days = new Map<string, ZoneVisitRow[]>();
  for (const visit of visits) {
    const day = localDate(Date.parse(visit.enteredAt), timeZone);
    days.set(day, [...(days.get(day) ?? []), visit]);
  }
  return [...days].map(([day, those]) => ({
    day,
    visits: those,
    insideMs: those.reduce((sum, visit) => sum + timeInside(visit, now), 0),
    chargedKwh: those.some((visit) => visit.chargedKwh !== null)
      ? those.reduce((sum, visit) => sum + (visit.chargedKwh ?? 0), 0)
      : null,
    costs: sumCosts(
      those.flatMap(({ chargeCost, currency }) =>
        chargeCost === null || currency === null ? [] : [{ cost: chargeCost, currency }],
      ),
    ),
  }));
}
