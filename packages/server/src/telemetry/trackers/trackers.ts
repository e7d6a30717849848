import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FleetEvents } from '../../events/fleet-events.js';
import { createCommandDelivery } from '../teltonika/commands.js';
import { createOsmandListener } from '../osmand/osmand-listener.js';
import { createTeltonikaListener } from '../teltonika/teltonika-listener.js';
import type { Telemetry } from '../telemetry.js';
import { createTrackerActivity } from './tracker-activity.js';
import { createTrackerRegistry, type Tracker } from './tracker-registry.js';
import type { IngestResult } from '../ingest.js';
import { createReadingPublisher } from '../mqtt/rabbitmq-publisher.js';
import { parseReading, readingJson, type Parsed } from '../../readings/reading.js';

/**
 * The trackers' own protocols in front of the one pipeline (docs/devices.md): Teltonika over TCP
 * and TLS, OsmAnd over HTTP, their readings stored through `ingest.decoded` like any device's.
 */
export async function startTrackers(deps: {
  telemetry: Telemetry;
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  events?: FleetEvents;
}) {
  const { telemetry, config, log } = deps;
  const registry = createTrackerRegistry(deps.db);
  const activity = createTrackerActivity(deps.db, log);
  const sink = config.amqp
    ? brokerSink(telemetry, createReadingPublisher({ ...config.amqp, log }))
    : localSink(telemetry);
  const teltonika = createTeltonikaListener({
    trackers: registry,
    store: sink.teltonika,
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
  const commands = createCommandDelivery(deps.db, teltonika, log, deps.events);
  const osmand = createOsmandListener({
    trackers: registry,
    store: sink.osmand,
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
    /**
     * A vehicle's tracker changed (null: a profile, which any tracker may follow): cached lookups are
     * read again, and so does the open connection, which ends if it is no longer the vehicle's.
     */
    changed(vehicleId: number | null) {
      registry.forget();
      teltonika.reread(vehicleId);
    },
    async close() {
      commands.close();
      await Promise.all([teltonika.close(), osmand.close()]);
      await sink.close();
      await activity.close();
    },
  };
}
export type Trackers = Awaited<ReturnType<typeof startTrackers>>;

/** Where a tracker's readings go with one instance: the pipeline, here. */
const localSink = (telemetry: Telemetry) => ({
  teltonika: (tracker: Tracker, readings: Parsed[], settled: (err?: unknown) => void) =>
    telemetry.ingest.parsed('teltonika', tracker.vehicleId, readings, settled),
  osmand: (tracker: Tracker, reading: object) => telemetry.ingest.decodedResult('osmand', tracker.vehicleId, [reading]),
  close: async () => undefined,
});

/**
 * With RabbitMQ (docs/scaling.md): whichever instance holds a tracker's connection or takes a
 * phone's request puts its readings on the exchange MQTT readings arrive on, and the device is
 * answered once the broker confirms; the instance holding the vehicle's partition stores them in
 * order. A tracker's readings are checked here first, so a bad value is answered at once and
 * counted where it arrived.
 */
function brokerSink(telemetry: Telemetry, publisher: ReturnType<typeof createReadingPublisher>) {
  const message = (readings: readonly object[]) => Buffer.from(JSON.stringify({ readings }));
  return {
    teltonika(tracker: Tracker, readings: Parsed[], settled: (err?: unknown) => void) {
      // Refused records are counted here and acknowledged: sending them again would not help.
      const kept = telemetry.ingest.kept('teltonika', readings);
      if (kept.length === 0) return settled();
      void publisher.publish(tracker.vin, message(kept.map(readingJson))).then(() => settled(), settled);
    },
    async osmand(tracker: Tracker, reading: object): Promise<IngestResult> {
      const parsed = parseReading(reading, Date.now());
      if (!parsed.ok) {
        telemetry.rejections.count(parsed.reason, 'osmand', parsed.detail);
        return { accepted: 0, rejected: [{ index: 0, reason: parsed.reason, detail: parsed.detail }] };
      }
      await publisher.publish(tracker.vin, message([reading]));
      return { accepted: 1, rejected: [] };
    },
    close: () => publisher.close(),
  };
}
