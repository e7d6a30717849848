import type { Severity } from '@evfleet/domain';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isoTime, jsonRecords } from '../db/json-records.js';
import { mailOutbox } from '../db/schema.js';
import { alertState, warningLog } from '../db/telemetry-schema.js';
import type { Transition, MetricEpisode } from './vehicle-episodes.js';

/** A transaction of the alert engine's writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The stored states (alert_state) of these vehicles' metrics. */
export async function loadEpisodes(db: Db, vehicleIds: number[]): Promise<MetricEpisode[]> {
  const rows = await db.select().from(alertState).where(inArray(alertState.vehicleId, vehicleIds));
  return rows.map((r) => ({
    vehicleId: r.vehicleId,
    metric: r.attributeName,
    state: {
      band: r.band as Severity,
      since: r.since.getTime(),
      logged: r.logged,
      lastNotifiedAt: r.lastNotifiedAt?.getTime() ?? null,
      lastTs: r.lastTs?.getTime() ?? Number.NEGATIVE_INFINITY,
    },
  }));
}

/**
 * Upserts the changed episode states as one JSON parameter: a batch changes up to one state per
 * vehicle and metric, and the query builder's work per value of those hundreds of rows showed as
 * several per cent of ingestion's CPU profile.
 */
export async function saveEpisodes(tx: Pick<Tx, 'execute'>, changed: MetricEpisode[]) {
  const rows = changed.map(({ vehicleId, metric, state }) => ({
    vehicle_id: vehicleId,
    attribute_name: metric,
    band: state.band,
    since: isoTime(state.since),
    logged: state.logged,
    last_notified_at: isoTime(state.lastNotifiedAt),
    last_ts: isoTime(state.lastTs),
  }));
  await tx.execute(sql`
    insert into ${alertState} (vehicle_id, attribute_name, band, since, logged, last_notified_at, last_ts)
    select x.vehicle_id, x.attribute_name, x.band, x.since, x.logged, x.last_notified_at, x.last_ts
    from ${jsonRecords(rows, 'x(vehicle_id int, attribute_name text, band text, since timestamptz, logged boolean, last_notified_at timestamptz, last_ts timestamptz)')}
    on conflict (vehicle_id, attribute_name) do update set band = excluded.band, since = excluded.since, logged = excluded.logged,
      last_notified_at = excluded.last_notified_at, last_ts = excluded.last_ts`);
}

/**
 * Writes a transition's warning-log entry; false when it was there already (another instance or an
 * earlier run recorded it).
 */
export async function logTransition(
  tx: Tx,
  { vehicleId, attribute, event }: Transition,
  band: Severity,
  text: string,
): Promise<boolean> {
  const inserted = await tx
    .insert(warningLog)
    .values({
      vehicleId,
      type: band,
      attributeName: attribute.name,
      name: attribute.displayName,
      value: event.value,
      date: new Date(event.at),
      episodeSince: new Date(event.since),
      notificationContent: text,
    })
    .onConflictDoNothing()
    .returning({ id: warningLog.id });
  return inserted.length > 0;
}

/** How many messages a vehicle caused in the last hour. */
export async function messagesInLastHour(tx: Tx, vehicleId: number): Promise<number> {
  const [{ recent }] = await tx
    .select({ recent: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(sql`${mailOutbox.vehicleId} = ${vehicleId}`, gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`)));
  return recent;
}

/** Queues messages; one whose dedupe key is queued already is not queued again. */
export async function queueMessages(tx: Tx, messages: (typeof mailOutbox.$inferInsert)[]) {
  await tx.insert(mailOutbox).values(messages).onConflictDoNothing();
}
