import { firstReadingAfter, readingsOf } from '../../db/reading-history.js';
import { intervalFacts, roundCost, tariffCost, type EnergySpan } from '@evfleet/domain';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { FleetEvent } from '../../events/fleet-events.js';
import { canReading, chargingSession } from '../../db/telemetry-schema.js';
import { chargingEnded } from '../episode-events.js';
import { episodeOf } from '../episode-store.js';
import { METER_COLUMNS, meterPointOf } from '../meter-rows.js';
import type { TrackedZone, ZoneCache } from './zone-cache.js';

/** Where a charge happened: a depot before any other zone it lies in, else a zone with a tariff, else the first. */
const KIND_ORDER = { depot: 0, zone: 1, 'no-go': 2 } as const;
export const chargingZone = (zones: TrackedZone[]): TrackedZone | null =>
  [...zones].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || Number(!a.tariff) - Number(!b.tariff))[0] ??
  null;

/**
 * The energy of a session's intervals, as the session counts it (domain stepEpisode): each interval
 * a reading within the session opens, up to the next reading.
 */
async function sessionSpans(db: Db, vehicleId: number, start: Date, end: Date): Promise<EnergySpan[]> {
  const inside = await db
    .select(METER_COLUMNS)
    .from(readingsOf(vehicleId, start, end, METER_COLUMNS))
    .orderBy(asc(canReading.ts));
  const after = await db.select(METER_COLUMNS).from(firstReadingAfter(vehicleId, end, METER_COLUMNS));
  const points = [...inside, ...after].map(meterPointOf);
  const spans: EnergySpan[] = [];
  for (let i = 1; i < points.length; i++)
    spans.push({ from: points[i - 1].ts, to: points[i].ts, kwh: intervalFacts(points[i - 1], points[i]).chargedKwh });
  return spans;
}

/**
 * Gives the closed charging sessions of vehicles not yet priced their zone and their cost: the
 * zone the session began in, and the energy of each interval priced by the band of that zone's
 * tariff it fell in (docs/zones.md). `openStart` names a vehicle's session still open, left for later.
 * Answers the sessions priced, as the events of their end.
 */
export async function priceClosedSessions(
  db: Db,
  zones: ZoneCache,
  vehicles: { vehicleId: number; openStart: number | null }[],
): Promise<FleetEvent[]> {
  const ended: FleetEvent[] = [];
  if (!vehicles.length) return ended;
  await zones.ensure(vehicles.map((v) => v.vehicleId));
  for (const { vehicleId, openStart } of vehicles) {
    const sessions = await db
      .select()
      .from(chargingSession)
      .where(
        and(
          eq(chargingSession.vehicleId, vehicleId),
          isNull(chargingSession.pricedAt),
          openStart === null ? undefined : ne(chargingSession.startTs, new Date(openStart)),
        ),
      );
    for (const s of sessions) {
      const found = s.gpsLat === null || s.gpsLong === null ? [] : zones.of(vehicleId).containing(s.gpsLat, s.gpsLong);
      const zone = chargingZone(found);
      const cost = zone?.tariff
        ? roundCost(tariffCost(zone.tariff, zone.timeZone, await sessionSpans(db, vehicleId, s.startTs, s.endTs)))
        : null;
      await db
        .update(chargingSession)
        .set({ zoneId: zone?.id ?? null, cost, currency: zone?.tariff?.currency ?? null, pricedAt: new Date() })
        .where(and(eq(chargingSession.vehicleId, vehicleId), eq(chargingSession.startTs, s.startTs)));
      const currency = zone?.tariff?.currency ?? null;
      ended.push(chargingEnded(vehicleId, episodeOf(s), { zoneId: zone?.id ?? null, cost, currency }));
    }
  }
  return ended;
}
