import { firstReadingAfter, readingsOf } from '../../db/reading-history.js';
import { intervalFacts, roundCost, tariffCost, type EnergySpan } from '@evfleet/domain';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import type { FleetEvent, FleetEvents } from '../../events/fleet-events.js';
import { canReading, chargingSession } from '../../db/telemetry-schema.js';
import { chargingEnded } from '../episode-events.js';
import { episodeOf } from '../episode-store.js';
import { ENERGY_COLUMNS, meterPointOf } from '../meter-rows.js';
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
async function sessionSpans(q: Queryable, vehicleId: number, start: Date, end: Date): Promise<EnergySpan[]> {
  const inside = await q
    .select(ENERGY_COLUMNS)
    .from(readingsOf(vehicleId, start, end, ENERGY_COLUMNS))
    .orderBy(asc(canReading.ts));
  const after = await q.select(ENERGY_COLUMNS).from(firstReadingAfter(vehicleId, end, ENERGY_COLUMNS));
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
 * The sessions are priced in the transaction that queues their charging.ended: both or neither.
 */
export async function priceClosedSessions(
  db: Db,
  zones: ZoneCache,
  vehicles: { vehicleId: number; openStart: number | null }[],
  events?: FleetEvents,
) {
  if (!vehicles.length) return;
  // Before the transaction: the embedded database runs nothing else while one is open.
  await zones.ensure(vehicles.map((v) => v.vehicleId));
  await db.transaction(async (tx) => {
    const ended: FleetEvent[] = [];
    for (const v of vehicles) ended.push(...(await priceSessionsOf(tx, zones, v)));
    await events?.record(tx, ended);
  });
}

/** Prices a vehicle's closed sessions not yet priced; answers them as the events of their end. */
async function priceSessionsOf(
  q: Queryable,
  zones: ZoneCache,
  { vehicleId, openStart }: { vehicleId: number; openStart: number | null },
): Promise<FleetEvent[]> {
  const sessions = await q
    .select()
    .from(chargingSession)
    .where(
      and(
        eq(chargingSession.vehicleId, vehicleId),
        isNull(chargingSession.pricedAt),
        openStart === null ? undefined : ne(chargingSession.startTs, new Date(openStart)),
      ),
    );
  const ended: FleetEvent[] = [];
  for (const s of sessions) {
    const found = s.gpsLat === null || s.gpsLong === null ? [] : zones.of(vehicleId).containing(s.gpsLat, s.gpsLong);
    const zone = chargingZone(found);
    const cost = zone?.tariff
      ? roundCost(tariffCost(zone.tariff, zone.timeZone, await sessionSpans(q, vehicleId, s.startTs, s.endTs)))
      : null;
    const currency = zone?.tariff?.currency ?? null;
    await q
      .update(chargingSession)
      .set({ zoneId: zone?.id ?? null, cost, currency, pricedAt: new Date() })
      .where(and(eq(chargingSession.vehicleId, vehicleId), eq(chargingSession.startTs, s.startTs)));
    ended.push(chargingEnded(vehicleId, episodeOf(s), { zoneId: zone?.id ?? null, cost, currency }));
  }
  return ended;
}
