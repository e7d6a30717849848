import type { FastifyBaseLogger } from 'fastify';
import { avlRecordOf, demoImei, demoPhoneId, DEMO_LIVE_TELTONIKA, DEMO_PHONE_VEHICLE } from './demo-trackers.js';
import { sendOsmand, TeltonikaClient } from './tracker-clients.js';

/** The trackers' listeners of this portal, as the demo reaches them over loopback. */
export interface DemoTrackerLinks {
  teltonikaPort: number | null;
  osmandPort: number | null;
  /** The token secret the demo phone's id derives from. */
  secret: string;
}

type Send = (reading: Record<string, unknown>) => void;

/**
 * The demo vehicles that report live through the real listeners, each with how it sends a reading:
 * the Campus Shuttle's carts over TCP as Teltonika boxes, EV Cart 12 as its driver's phone. A
 * listener that is off (port 0) leaves its vehicles to the in-process path.
 */
export function demoTrackerSenders(links: DemoTrackerLinks | undefined, log: FastifyBaseLogger) {
  const senders = new Map<number, Send>();
  const clients: TeltonikaClient[] = [];
  let warned = false;
  const failed = (err: unknown) => {
    // A demo cart that cannot reach its listener is worth one line, not one every 10 seconds.
    if (!warned) log.warn({ err }, 'a demo tracker could not report');
    warned = true;
  };
  if (links?.teltonikaPort) {
    for (const index of DEMO_LIVE_TELTONIKA) {
      const client = new TeltonikaClient('127.0.0.1', links.teltonikaPort, demoImei(index));
      clients.push(client);
      senders.set(index, (reading) => void client.send([avlRecordOf(reading)]).catch(failed));
    }
  }
  if (links?.osmandPort) {
    const url = `http://127.0.0.1:${links.osmandPort}`;
    const id = demoPhoneId(links.secret);
    senders.set(DEMO_PHONE_VEHICLE, (reading) => void sendOsmand(url, id, reading).catch(failed));
  }
  return {
    get: (index: number) => senders.get(index),
    close: () => clients.forEach((c) => c.close()),
  };
}
