import type { FastifyBaseLogger } from 'fastify';
import { onceAcrossInstances, type Database } from '../db/client.js';
import { createAlertEngine } from '../alerts/alert-engine.js';
import { createAlertSettings } from '../alerts/thresholds.js';
import { oneWriteAtATime } from '../lib/one-write-at-a-time.js';
import { createBatchWriter } from './batch-writer.js';
import { createDeviceRegistry } from './devices.js';
import { createEpisodeTracker } from './episodes.js';
import { createIngest } from './ingest.js';
import { createParseThread } from './parse-thread.js';
import { createPartitionManager, type SqlRunner } from './partitions.js';
import { pgliteReadingStore, postgresReadingStore } from './reading-store.js';
import { type StoredRow } from '../readings/stored-row.js';
import { createRejectionCounter } from './rejections.js';
import { createSignalMinutes } from './signal-minutes.js';
import { createTakeover, type TakeoverWindow } from './takeover.js';
import { createVehicleStates } from './vehicle-states.js';

const STATE_PERSIST_MS = 1000;
/** The advisory lock of the daily partition housekeeping ('evfm' in ASCII): one instance does it. */
const HOUSEKEEPING_LOCK = 0x6576666d;

/** The data side: devices -> checks -> batched storage -> vehicle state (-> alerts, live feed). */
interface TelemetryOptions {
  retentionDays?: number;
  alertMessagesPerHour: number;
  /** Alert messages were committed to the outbox. */
  messagesQueued: () => void;
  /** Vehicles whose state changed: what the live feed tells browsers about. */
  statesChanged?: (vehicleIds: number[]) => void;
  /** Readings newly committed to can_reading (the dashboard's daily figures count them). */
  readingsCommitted?: (rows: StoredRow[]) => void;
  /** Writes what readingsCommitted counted so far. */
  flushCommitted?: () => Promise<void>;
  /** Vehicles whose readings this instance took over, and the stored readings rebuilt (takeover.ts). */
  vehiclesTakenOver?: (windows: TakeoverWindow[]) => Promise<void>;
}

export function createTelemetry(database: Database, log: FastifyBaseLogger, options: TelemetryOptions) {
  const raw = database.raw;
  const sql: SqlRunner =
    raw.kind === 'postgres'
      ? { query: (t) => raw.pool.query(t), rows: async (t) => (await raw.pool.query(t)).rows }
      : { query: (t) => raw.client.exec(t), rows: async <T>(t: string) => (await raw.client.query<T>(t)).rows };
  const partitions = createPartitionManager(sql);
  const store = raw.kind === 'postgres' ? postgresReadingStore(raw.pool) : pgliteReadingStore(raw.client);
  const states = createVehicleStates(database.db);
  const episodes = createEpisodeTracker(database.db);
  const minutes = createSignalMinutes(database.db);
  const alerts = createAlertEngine({
    db: database.db,
    settings: createAlertSettings(database.db),
    log,
    messagesPerHour: options.alertMessagesPerHour,
    messagesQueued: options.messagesQueued,
  });
  const writer = createBatchWriter({
    store,
    partitions,
    // PGlite is one connection: a second concurrent flush would only queue behind the first.
    concurrency: raw.kind === 'postgres' ? 2 : 1,
    onError: (err, what) => log.error({ err }, what),
    onCommitted: (rows) => {
      // Queued together, in this tick: whatever state a persist takes, the trips, minutes and alerts
      // of the same readings are queued before it, and are written first.
      minutes.apply(rows);
      const stateWork = Promise.all([
        states.apply(rows).then(() => options.statesChanged?.([...new Set(rows.map((r) => r.vehicleId))])),
        episodes.apply(rows),
      ]).catch((err) => log.error({ err }, 'vehicle state update failed'));
      try {
        options.readingsCommitted?.(rows);
      } catch (err) {
        log.error({ err }, 'daily statistics update failed');
      }
      return Promise.all([stateWork, alerts.apply(rows)]);
    },
  });
  const devices = createDeviceRegistry(database.db);
  const rejections = createRejectionCounter(log);
  const parser = createParseThread();
  const ingest = createIngest({ devices, writer, rejections, parse: parser.parse });
  const takeOver = createTakeover({
    db: database.db,
    states,
    episodes,
    alerts,
    rebuilt: options.vehiclesTakenOver,
  });

  // A write takes what is changed when it starts: without one write at a time, a call made while the
  // timer's write was under way found nothing left and returned before that write had landed
  // (settle() before a takeover, a test reading the states back).
  const persist = oneWriteAtATime(async () => {
    // A takeover resumes after a vehicle's written last_reported (takeover.ts), trusting that what
    // follows from the readings before it is written. So the states are taken now and written
    // last: after the alerts, trips and chart minutes of every reading they cover, which were
    // queued with those readings. A trip written after its state, by an instance that died in
    // between, would be cut in two by the next holder (the scale test kills instances to show it).
    const followUps = Promise.all([alerts.idle(), episodes.persist(), minutes.persist()]);
    await states.persist(followUps);
    await followUps;
  });
  /**
   * Finishes the follow-ups of what is stored and writes them: before another instance takes these
   * vehicles over, and wherever states, trips or alerts must be read back at once (the API tests).
   */
  const settle = async () => {
    // A committed reading reaches the follow-ups a moment after its writer is told (batches hand
    // over in order).
    await writer.handedOver();
    await Promise.all([states.idle(), alerts.idle(), episodes.idle()]);
    await persist();
    await options.flushCommitted?.();
  };
  // Partitions ahead and retention, checked daily (and at start).
  const housekeeping = () =>
    onceAcrossInstances(database, HOUSEKEEPING_LOCK, async () => {
      await partitions.ensureAhead(Date.now());
      if (options.retentionDays) {
        const dropped = await partitions.dropOlderThan(Date.now(), options.retentionDays);
        if (dropped.length) log.info(`retention: dropped ${dropped.join(', ')}`);
        await minutes.dropBefore(Date.now() - options.retentionDays * 86_400_000);
      }
    });
  const dailyTimer = setInterval(
    () => void housekeeping().catch((err) => log.error({ err }, 'partition housekeeping failed')),
    86_400_000,
  );
  dailyTimer.unref();

  const persistTimer = setInterval(
    () => void persist().catch((err) => log.error({ err }, 'vehicle state persist failed')),
    STATE_PERSIST_MS,
  );
  persistTimer.unref();

  return {
    ingest,
    devices,
    states,
    episodes,
    persist,
    alerts,
    rejections,
    writer,
    takeOver,
    /** How busy the parse thread was since the last look (diagnostics); null while it is not running. */
    parseThreadUtilization: () => parser.utilization(),
    /** Messages and hand-overs to the parse thread so far (the ingestion bench). */
    parseThreadStats: parser.stats,
    start: housekeeping,
    /** Readings changed or removed by hand: the episodes and chart minutes they touch are rebuilt at the next persist. */
    readingsChanged(vehicleId: number, timestamps: number[]) {
      episodes.recompute(vehicleId, timestamps);
      minutes.recompute(vehicleId, timestamps);
    },
    settle,
    /** Stores what is queued and the latest states; nothing accepted is lost at shutdown. */
    async close() {
      clearInterval(persistTimer);
      clearInterval(dailyTimer);
      await writer.close();
      await settle();
      await parser.close();
    },
  };
}
export type Telemetry = ReturnType<typeof createTelemetry>;
