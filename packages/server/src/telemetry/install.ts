import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Sessions } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createChangeFeed } from '../live/change-feed.js';
import { createLiveHub } from '../live/live-hub.js';
import { createMapItems } from '../modules/vehicles/data/map-items.js';
import type { MailDispatcher } from '../mail/dispatcher.js';
import { devicesRoutes } from '../modules/vehicles/devices/devices.routes.js';
import { createVehicleDataService } from '../modules/vehicles/data/vehicle-data.service.js';
import { vehicleDataRoutes } from '../modules/vehicles/data/vehicle-data.routes.js';
import { startMqtt, type MqttTransport } from './mqtt.js';
import { createTelemetry, type Telemetry } from './telemetry.js';
import type { StoredRow } from './reading-store.js';
import { telemetryRoutes } from './telemetry.routes.js';

/**
 * The data side of the app: the ingest pipeline, its transports (MQTT, HTTP), the live STOMP feed
 * and the calls that read vehicle data. Returns the pipeline, which the demo drives too, and the MQTT
 * transport, whose state the health check reports.
 */
export async function installTelemetry(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    sessions: Sessions;
    mail: MailDispatcher;
    log: FastifyBaseLogger;
    readingsCommitted?: (rows: StoredRow[]) => void;
  },
): Promise<{ pipeline: Telemetry; mqtt: MqttTransport | null }> {
  const { config, database, log } = deps;
  // The live feed reads states the pipeline keeps; the pipeline tells it what changed.
  let telemetry: Telemetry | null = null;
  const live = createLiveHub({
    db: database.db,
    sessions: deps.sessions,
    sessionCheckMs: config.sessionCheckMs,
    items: createMapItems(database.db, (id) => telemetry?.states.get(id)),
    log,
  });
  const changes = await createChangeFeed(database, log, live.changed);
  telemetry = createTelemetry(database, log, {
    alertMessagesPerHour: config.alertMessagesPerHour,
    retentionDays: config.retentionDays,
    messagesQueued: deps.mail.kick,
    statesChanged: (ids) =>
      void changes.publish(ids).catch((err) => log.error({ err }, 'live change notification failed')),
    readingsCommitted: deps.readingsCommitted,
  });
  await telemetry.start();

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/evts-websocket', { websocket: true, config: { access: 'public' }, schema: { hide: true } }, (socket) =>
    live.accept(socket),
  );
  await app.register(telemetryRoutes(telemetry));
  await app.register(devicesRoutes({ db: database.db, devices: telemetry.devices }));
  await app.register(
    vehicleDataRoutes(
      createVehicleDataService({ db: database.db, offlineAfterMs: config.offlineAfterMinutes * 60_000 }),
    ),
  );
  const mqtt = await startMqtt(telemetry, config, log);

  const pipeline = telemetry;
  app.addHook('onClose', async () => {
    await mqtt?.close();
    await pipeline.close();
    live.close();
    await changes.close();
  });
  return { pipeline, mqtt };
}
