import { createServer, type Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Telemetry } from '../telemetry.js';
import { DeviceSession, type ListenerState } from './device-session.js';

/** How long a stop waits for the readings in hand to be stored (the whole stop has 10 s). */
const STORE_WAIT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * evfleet's own MQTT 3.1/3.1.1 server for devices, used when no MQTT_URL is set. Devices only
 * publish their readings, so it is no broker: nothing is routed, kept or subscribed to, and a
 * PUBLISH goes from the socket's bytes to ingestion with no packet object (aedes spent more CPU on
 * a reading than everything after it: docs/decisions.md, "The cost of a reading"). Devices sign in
 * with their VIN and device token; a QoS 1 reading's PUBACK (QoS 2: PUBREC) leaves once it is
 * committed, in the order the readings came. Devices may not subscribe: they never see each
 * other's data.
 */
export async function startEmbeddedBroker(
  telemetry: Pick<Telemetry, 'devices' | 'rejections' | 'ingest'>,
  opts: { port: number; host: string; log: FastifyBaseLogger; connectTimeoutMs?: number },
) {
  const state: ListenerState = {
    telemetry,
    log: opts.log,
    sessions: new Set(),
    byClientId: new Map(),
    storing: 0,
    stopping: false,
  };
  const { sessions } = state;
  const connectTimeoutMs = opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;

  // A rotated token or a changed VIN ends the sessions signed in with the old one, at once: what
  // they send next is not stored.
  telemetry.devices.onForget((vin) => {
    for (const s of sessions) if (s.vin === vin) s.socket.destroy();
  });

  // Devices that stopped talking (keep-alive, or no CONNECT yet) are let go, checked once a second.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const s of sessions) if (s.isIdle(now)) s.socket.destroy();
  }, 1000);
  sweep.unref();

  const server: Server = createServer((socket) => {
    new DeviceSession(socket, state, connectTimeoutMs); // it keeps itself in `state.sessions` until it closes
  });
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
      state.stopping = true;
      clearInterval(sweep);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sessions) s.hold();
      const deadline = Date.now() + STORE_WAIT_MS;
      while (state.storing > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      // The acknowledgements of the last commits leave at the end of their tick: then the sockets end.
      await new Promise((resolve) => setImmediate(resolve));
      for (const s of sessions) s.socket.end();
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const s of sessions) s.socket.destroy();
      await closed;
    },
  };
}
