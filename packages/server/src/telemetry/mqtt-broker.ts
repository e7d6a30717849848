import { createServer, type Server } from 'node:net';
import { vinOfTopic } from '@evfleet/domain';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Telemetry } from './telemetry.js';

type DeviceClient = Client & { evfleetDevice?: { vin: string; vehicleId: number } };
const BAD_USERNAME_OR_PASSWORD = 4;
/** How long a stop waits for the readings in hand to be stored (the whole stop has 10 s). */
const STORE_WAIT_MS = 5_000;

/**
 * The embedded MQTT broker (aedes) used when no MQTT_URL is set. Devices sign in with their VIN and
 * device token; a reading is stored inside authorizePublish, so the device's PUBACK is sent only
 * after the reading is committed. Devices may not subscribe: they never see each other's data.
 */
export async function startEmbeddedBroker(
  telemetry: Pick<Telemetry, 'devices' | 'rejections' | 'ingest'>,
  opts: { port: number; host: string; log: FastifyBaseLogger },
) {
  /** Publishes being stored, whose PUBACK is still to be sent. */
  let storing = 0;
  const broker = await Aedes.createBroker({
    authenticate: (client: DeviceClient, username, password, done) => {
      const refuse = () => {
        const err = new Error('Unknown device or wrong device token') as AuthenticateError;
        err.returnCode = BAD_USERNAME_OR_PASSWORD;
        done(err, false);
      };
      if (!username || !password) {
        telemetry.rejections.count('bad_credential', 'mqtt', 'CONNECT without credentials');
        return refuse();
      }
      telemetry.devices
        .authenticate(username, password.toString())
        .then(
          (device) => {
            if (typeof device === 'string') {
              telemetry.rejections.count(device, 'mqtt', `device ${username.slice(0, 64)}`);
              return refuse();
            }
            client.evfleetDevice = { vin: device.vin, vehicleId: device.vehicleId };
            done(null, true);
          },
          (err: unknown) => {
            opts.log.error({ err }, 'MQTT device sign-in failed');
            refuse();
          },
        )
        .catch((err: unknown) => opts.log.error({ err }, 'MQTT sign-in callback failed'));
    },
    authorizePublish: (client: DeviceClient | null, packet, callback) => {
      const device = client?.evfleetDevice;
      if (!device) return callback(new Error('not a device'));
      packet.retain = false;
      if (vinOfTopic(packet.topic) !== device.vin) {
        telemetry.rejections.count('wrong_topic', 'mqtt', packet.topic.slice(0, 100));
        return callback(null);
      }
      // Malformed readings are counted and acknowledged (a retry would only fail again);
      // a storage failure is not acknowledged, so the device sends the reading again.
      storing += 1;
      telemetry.ingest
        .readings('mqtt', device.vehicleId, packet.payload as Buffer)
        .finally(() => (storing -= 1))
        .then(
          () => callback(null),
          (err: unknown) => {
            opts.log.error({ err }, 'storing MQTT readings failed; the device will retry');
            callback(err instanceof Error ? err : new Error(String(err)));
          },
        )
        .catch((err: unknown) => opts.log.error({ err }, 'MQTT publish callback failed'));
    },
    authorizeSubscribe: (_client, _subscription, callback) => callback(new Error('devices may not subscribe')),
  });
  const connected = new Set<Client>();
  broker.on('client', (client) => connected.add(client));
  broker.on('clientDisconnect', (client) => connected.delete(client));
  broker.on('clientError', (client, err) =>
    opts.log.debug({ client: client.id, err: err.message }, 'mqtt client error'),
  );

  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.log.info(`embedded MQTT broker on ${opts.host}:${port}`);

  return {
    port,
    get connected() {
      return server.listening;
    },
    /**
     * A clean stop: no new device connects and no connected one is read further; the readings
     * already taken are stored and acknowledged; then the devices are disconnected. What they sent
     * after the pause is unacknowledged, so they send it again to the next instance.
     */
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const client of connected) client.conn.pause();
      const deadline = Date.now() + STORE_WAIT_MS;
      while (storing > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}
