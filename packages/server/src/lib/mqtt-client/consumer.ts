import { BrokerConnection, type ConnectionSettings, type ConsumerLog } from './connection.js';

export interface ConsumerOptions {
  /** mqtt:// or mqtts://, with the user name and password if the broker asks for them. */
  url: string;
  clientId: string;
  /** The topic filter subscribed to at QoS 1. */
  topic: string;
  /**
   * Handles one message and tells `settled` once done: its PUBACK is sent then. An error reconnects
   * (the broker delivers it again). A callback, not a promise: thousands of messages a second.
   */
  handle(topic: string, payload: Buffer, settled: (err?: unknown) => void): void;
  log: ConsumerLog;
  keepaliveSeconds?: number;
  /** Messages read but not yet acknowledged before reading stops (backpressure). */
  maxUnacked?: number;
}

/**
 * Messages read but not yet acknowledged before the consumer stops reading: the broker, which
 * keeps them for the session anyway, holds the rest instead of the process's memory. Each is
 * acknowledged after it is handled (for evfleet, committed), so the window must cover the rate
 * times the time to a commit: 2,000 is 40 ms at 50,000 readings/s, two of evfleet's commits. A
 * larger one only makes readings wait longer in the process, and a reading still alive at two of
 * V8's young collections is copied into the old generation: at 10,000 (and already at 4,000)
 * evfleet took 1.5–2.5 µs more CPU a reading and read no faster (docs/performance.md, "Memory and
 * the young generation").
 */
const MAX_UNACKED = 2_000;

/**
 * Reads a topic filter of a broker (MQTT 3.1.1, persistent session) and acknowledges each QoS 1
 * message once `handle` has finished with it, many messages being handled at once: at least once
 * without one round trip per message (README.md says why this is not mqtt.js). A connection lost
 * is opened again, waiting longer each time up to 10 s.
 */
export function startMqttConsumer(opts: ConsumerOptions) {
  const settings: ConnectionSettings = {
    url: new URL(opts.url),
    clientId: opts.clientId,
    topic: opts.topic,
    handle: opts.handle,
    log: opts.log,
    keepaliveSeconds: opts.keepaliveSeconds ?? 30,
    maxUnacked: opts.maxUnacked ?? MAX_UNACKED,
  };
  let connection: BrokerConnection | null = null;
  let stopped = false;
  let retryMs = 500;
  let connected = false;

  const open = () => {
    connection = new BrokerConnection(settings, {
      accepted() {
        connected = true;
        retryMs = 500;
      },
      closed() {
        connected = false;
        if (stopped) return;
        setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, 10_000);
      },
    });
  };

  open();
  return {
    get connected() {
      return connected;
    },
    /** Stops reading; unacknowledged messages stay with the broker's session for next time. */
    async close() {
      stopped = true;
      connection?.disconnect();
    },
  };
}
