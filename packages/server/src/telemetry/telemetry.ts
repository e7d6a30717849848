import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { createAlertEngine } from '../alerts/alert-engine.js';
import { createAlertSettings } from '../alerts/thresholds.js';
import { createBatchWriter } from './batch-writer.js';
import { createDeviceRegistry } from './devices.js';
import { createEpisodeTracker } from './episodes.js';
import { createIngest } from './ingest.js';
import { createPartitionManager, type SqlRunner } from './partitions.js';
import { pgliteReadingStore, postgresReadingStore, type StoredRow } from './reading-store.js';
import { createRejectionCounter } from './rejections.js';
import { createVehicleStates } from './vehicle-states.js';

const STATE_PERSIST_MS = 1000;

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
      const stateWork = states
        .apply(rows)
        .then(() => {
          options.statesChanged?.([...new Set(rows.map((r) => r.vehicleId))]);
          return episodes.apply(rows);
        })
        .catch((err) => log.error({ err }, 'vehicle state update failed'));
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
  const ingest = createIngest({ devices, writer, rejections });

  const persist = async () => {
    await states.persist();
    await episodes.persist();
  };
  // Partitions ahead and retention, checked daily (and at start).
  const housekeeping = async () => {
    await partitions.ensureAhead(Date.now());
    if (options.retentionDays) {
      const dropped = await partitions.dropOlderThan(Date.now(), options.retentionDays);
      if (dropped.length) log.info(`retention: dropped ${dropped.join(', ')}`);
    }
  };
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
    start: housekeeping,
    /** Stores what is queued and the latest states; nothing accepted is lost at shutdown. */
    async close() {
      clearInterval(persistTimer);
      clearInterval(dailyTimer);
      await writer.close();
      await Promise.all([states.idle(), alerts.idle(), episodes.idle()]);
      await persist();
    },
  };
}
export type Telemetry = ReturnType<typeof createTelemetry>;
