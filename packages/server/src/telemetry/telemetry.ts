import type { ZoneAlertEvent } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { FleetEvents } from '../events/fleet-events.js';
import { createAlertEngine } from '../alerts/alert-engine.js';
import { createAlertSettings } from '../alerts/thresholds.js';
import { createBatchWriter } from './batch-writer.js';
import { followUpsOfCommit, statesWrittenLast } from './commit-follow-ups.js';
import { createDeviceRegistry } from './devices.js';
import { createEpisodeTracker } from './episodes.js';
import { createHistoryCompaction } from './compaction/history-compaction.js';
import { startHousekeeping } from './housekeeping.js';
import { createIngest } from './ingest.js';
import { createParseThread } from './parse-thread.js';
import { createPartitionManager, type SqlRunner } from './partitions.js';
import { pgliteReadingStore, postgresReadingStore } from './reading-store.js';
import { type StoredRow } from '../readings/stored-row.js';
import { createRejectionCounter } from './rejections.js';
import { createSignalMinutes } from './signal-minutes.js';
import { createTakeover, type TakeoverWindow } from './takeover.js';
import { createVehicleStates } from './vehicle-states.js';
import { startVehiclePresence } from './vehicle-presence.js';
import { createVisitTracker } from './visits/visits.js';
import { createZoneCache } from './visits/zone-cache.js';

const STATE_PERSIST_MS = 1000;

/** The data side: devices -> checks -> batched storage -> vehicle state (-> alerts, live feed). */
interface TelemetryOptions {
  retentionDays?: number;
  /** Days of readings kept as rows before they are compacted (docs/operations.md, "History"). */
  historyHotDays: number;
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
  /** Records what the zone rules found at ingest (the zones module's alerts). */
  zoneAlertsFound?: (found: ZoneAlertEvent[]) => Promise<void>;
  /** Where what happens to vehicles goes out (the webhooks' outbox). */
  events?: FleetEvents;
  /** A vehicle silent this long is offline (vehicle.offline); with `events`. */
  offlineAfterMs?: number;
}

/** Where readings are stored on this database: its month partitions, and the COPY store that writes them. */
function readingStorage(raw: Database['raw']) {
  const sql: SqlRunner =
    raw.kind === 'postgres'
      ? { query: (t) => raw.pool.query(t), rows: async (t) => (await raw.pool.query(t)).rows }
      : { query: (t) => raw.client.exec(t), rows: async <T>(t: string) => (await raw.client.query<T>(t)).rows };
  return {
    partitions: createPartitionManager(sql),
    store: raw.kind === 'postgres' ? postgresReadingStore(raw.pool) : pgliteReadingStore(raw.client),
  };
}

export function createTelemetry(database: Database, log: FastifyBaseLogger, options: TelemetryOptions) {
  const raw = database.raw;
  const { partitions, store } = readingStorage(raw);
  const states = createVehicleStates(database.db);
  const zones = createZoneCache(database.db);
  const episodes = createEpisodeTracker(database.db, zones, options.events);
  const visits = createVisitTracker(database.db, zones, options.zoneAlertsFound, options.events);
  const minutes = createSignalMinutes(database.db, { hotDays: options.historyHotDays });
  const alerts = createAlertEngine({
    db: database.db,
    settings: createAlertSettings(database.db),
    log,
    messagesPerHour: options.alertMessagesPerHour,
    messagesQueued: options.messagesQueued,
    events: options.events,
  });
  const followUps = { states, episodes, visits, minutes, alerts };
  const writer = createBatchWriter({
    store,
    partitions,
    // PGlite is one connection: a second concurrent flush would only queue behind the first.
    concurrency: raw.kind === 'postgres' ? 2 : 1,
    onError: (err, what) => log.error({ err }, what),
    onCommitted: followUpsOfCommit(followUps, options, log),
  });
  const devices = createDeviceRegistry(database.db);
  const rejections = createRejectionCounter(log);
  const parser = createParseThread();
  const ingest = createIngest({ devices, writer, rejections, parse: parser.parse });
  const takeOver = createTakeover({
    db: database.db,
    states,
    episodes,
    visits,
    alerts,
    rebuilt: options.vehiclesTakenOver,
  });

  const persist = statesWrittenLast(followUps);
  /**
   * Finishes the follow-ups of what is stored and writes them: before another instance takes these
   * vehicles over, and wherever states, trips or alerts must be read back at once (the API tests).
   */
  const settle = async () => {
    // A committed reading reaches the follow-ups a moment after its writer is told (batches hand
    // over in order).
    await writer.handedOver();
    await Promise.all([states.idle(), alerts.idle(), episodes.idle(), visits.idle()]);
    await persist();
    await options.flushCommitted?.();
  };
  const housekeeping = startHousekeeping(database, { partitions, minutes, retentionDays: options.retentionDays, log });
  const compaction = createHistoryCompaction(database, { hotDays: options.historyHotDays, log });
  const presence =
    options.events && options.offlineAfterMs
      ? startVehiclePresence({ db: database.db, offlineAfterMs: options.offlineAfterMs, events: options.events, log })
      : null;
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
    zones,
    persist,
    alerts,
    rejections,
    writer,
    takeOver,
    /** How busy the parse thread was since the last look (diagnostics); null while it is not running. */
    parseThreadUtilization: () => parser.utilization(),
    /** Messages and hand-overs to the parse thread so far (the ingestion bench). */
    parseThreadStats: parser.stats,
    async start() {
      await housekeeping.run();
      compaction.start();
    },
    /** Compacts what left the hot window now (`npm run compact` and the tests; a timer does it every hour). */
    compaction,
    /** Looks for vehicles gone offline or back now (tests; a timer does it every 30 s). */
    presence,
    /** Readings changed or removed by hand: the episodes, visits and chart minutes they touch are rebuilt at the next persist. */
    readingsChanged(vehicleId: number, timestamps: number[]) {
      episodes.recompute(vehicleId, timestamps);
      visits.recompute(vehicleId, timestamps);
      minutes.recompute(vehicleId, timestamps);
    },
    settle,
    /** Stores what is queued and the latest states; nothing accepted is lost at shutdown. */
    async close() {
      clearInterval(persistTimer);
      housekeeping.stop();
      compaction.stop();
      presence?.stop();
      await writer.close();
      await settle();
      await parser.close();
    },
  };
}
export type Telemetry = ReturnType<typeof createTelemetry>;
