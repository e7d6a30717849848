import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createCommandDelivery } from './teltonika/commands.js';
import { createOsmandListener } from './osmand/osmand-listener.js';
import { createTeltonikaListener } from './teltonika/teltonika-listener.js';
import type { Telemetry } from './telemetry.js';
import { createTrackerActivity } from './tracker-activity.js';
import { createTrackerRegistry } from './tracker-registry.js';

/**
 * The trackers' own protocols in front of the one pipeline (docs/devices.md): Teltonika over TCP
 * and TLS, OsmAnd over HTTP, their readings stored through `ingest.decoded` like any device's.
 */
export async function startTrackers(deps: { telemetry: Telemetry; config: Config; db: Db; log: FastifyBaseLogger }) {
  const { telemetry, config, log } = deps;
  const registry = createTrackerRegistry(deps.db);
  const activity = createTrackerActivity(deps.db, log);
  const teltonika = createTeltonikaListener({
    trackers: registry,
    store: (tracker, readings, settled) => telemetry.ingest.decoded('teltonika', tracker.vehicleId, readings, settled),
    rejections: telemetry.rejections,
    connected: (tracker, address) => {
      activity.connected(tracker.vehicleId, address);
      void commands.deliver(tracker.vehicleId);
    },
    unmapped: activity.unmapped,
    answered: (vehicleId, text) =>
      void commands
        .answered(vehicleId, text)
        .catch((err: unknown) => log.error({ err }, 'storing a command answer failed')),
    log,
  });
  const commands = createCommandDelivery(deps.db, teltonika, log);
  const osmand = createOsmandListener({
    trackers: registry,
    store: (tracker, reading) => telemetry.ingest.decodedResult('osmand', tracker.vehicleId, [reading]),
    rejections: telemetry.rejections,
    reported: (tracker, address) => activity.connected(tracker.vehicleId, address),
    log,
  });
  const { teltonikaPort, teltonikaTls, osmandPort } = config.trackers;
  const ports = {
    teltonika: teltonikaPort ? await teltonika.listen(teltonikaPort, config.host) : null,
    teltonikaTls: teltonikaTls ? await teltonika.listenTls(teltonikaTls.port, config.host, teltonikaTls) : null,
    osmand: osmandPort ? await osmand.listen(osmandPort, config.host) : null,
  };
  if (ports.teltonika) log.info(`Teltonika trackers on TCP port ${ports.teltonika}`);
  if (ports.teltonikaTls) log.info(`Teltonika trackers on TLS port ${ports.teltonikaTls}`);
  if (ports.osmand) log.info(`OsmAnd phones on HTTP port ${ports.osmand}`);

  return {
    registry,
    activity,
    teltonika,
    commands,
    ports,
    /** A vehicle's tracker changed: cached lookups are read again and its open connection ends. */
    changed(vehicleId: number) {
      registry.forget();
      teltonika.disconnect(vehicleId);
    },
    async close() {
      commands.close();
      await Promise.all([teltonika.close(), osmand.close()]);
      await activity.close();
    },
  };
}
export type Trackers = Awaited<ReturnType<typeof startTrackers>>;
