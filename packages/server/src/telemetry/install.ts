import websocket from '@fastify/websocket';
import type { ZoneAlertEvent } from '@evfleet/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ApiKeys } from '../auth/api-keys.js';
import type { Sessions } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Notifications } from '../db/notifications.js';
import { createChangeFeed } from '../db/change-feed.js';
import { createLiveHub } from '../live/live-hub.js';
import type { MapItems } from '../live/live-session.js';
import type { FleetEvents } from '../events/fleet-events.js';
import type { MailDispatcher } from '../mail/dispatcher.js';
import { startMqtt, type MqttTransport } from './mqtt/mqtt.js';
import { createTelemetry, type Telemetry } from './telemetry.js';
import type { StoredRow } from '../readings/stored-row.js';
import type { TakeoverWindow } from './takeover.js';
import { telemetryRoutes } from './http/telemetry.routes.js';
import { followRightsChanges } from './rights-changes.js';
import { startTrackers, type Trackers } from './trackers/trackers.js';
import type { VehicleLiveState } from './vehicle-state.js';

/**
 * The data side of the app: the ingest pipeline, its transports (MQTT, HTTP, the trackers'
 * protocols) and the live STOMP feed. Returns the pipeline, which the modules and the demo drive
 * too, the MQTT transport, whose state the health check reports, and the trackers' listeners.
 */
export async function installTelemetry(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    notifications: Notifications;
    sessions: Sessions;
    mail: MailDispatcher;
    log: FastifyBaseLogger;
    readingsCommitted?: (rows: StoredRow[]) => void;
    flushCommitted?: () => Promise<void>;
    vehiclesTakenOver?: (windows: TakeoverWindow[]) => Promise<void>;
    zoneAlertsFound?: (found: ZoneAlertEvent[]) => Promise<void>;
    /** Where what happens to vehicles goes out (the webhooks' outbox). */
    events?: FleetEvents;
    /** API keys with the `telemetry` scope send readings over HTTP. */
    apiKeys?: ApiKeys;
    /** The live feed's map items, fresher states from this instance's memory taking precedence. */
    mapItems: (fresh: (vehicleId: number) => VehicleLiveState | undefined) => MapItems;
  },
): Promise<{ pipeline: Telemetry; mqtt: MqttTransport | null; trackers: Trackers }> {
  const { config, database, log } = deps;
  // The live feed reads states the pipeline keeps; the pipeline tells it what changed.
  let telemetry: Telemetry | null = null;
  const live = createLiveHub({
    db: database.db,
    sessions: deps.sessions,
    sessionCheckMs: config.sessionCheckMs,
    items: deps.mapItems((id) => telemetry?.states.get(id)),
    log,
  });
  const changes = await createChangeFeed(deps.notifications, log, 'evfleet_live', live.changed);
  telemetry = createTelemetry(database, log, {
    alertMessagesPerHour: config.alertMessagesPerHour,
    retentionDays: config.retentionDays,
    historyHotDays: config.historyHotDays,
    messagesQueued: deps.mail.kick,
    statesChanged: (ids) =>
      void changes.publish(ids).catch((err) => log.error({ err }, 'live change notification failed')),
    readingsCommitted: deps.readingsCommitted,
    flushCommitted: deps.flushCommitted,
    vehiclesTakenOver: deps.vehiclesTakenOver,
    zoneAlertsFound: deps.zoneAlertsFound,
    events: deps.events,
    offlineAfterMs: config.offlineAfterMinutes * 60_000,
  });
  await telemetry.start();

  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // On a stop each live screen is told why (1012, service restart), and reconnects: to this
    // instance restarted, or through the balancer to another.
    preClose(done) {
      live.close();
      this.websocketServer.close(() => done());
    },
  });
  app.get('/evts-websocket', { websocket: true, config: { access: 'public' }, schema: { hide: true } }, (socket) =>
    live.accept(socket),
  );
  await app.register(telemetryRoutes(telemetry, deps.apiKeys));
  const mqtt = await startMqtt(telemetry, config, log);
  const trackers = await startTrackers({ telemetry, config, db: database.db, log, events: deps.events });
  await followRightsChanges(deps.notifications, {
    sessions: deps.sessions,
    live,
    devices: telemetry.devices,
    trackers,
    zones: telemetry.zones,
  });

  const pipeline = telemetry;
  app.addHook('onClose', async () => {
    await trackers.close();
    await mqtt?.close();
    await pipeline.close();
  });
  return { pipeline, mqtt, trackers };
}
