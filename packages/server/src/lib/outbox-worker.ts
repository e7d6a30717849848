import type { FastifyBaseLogger } from 'fastify';
import { createDrainLoop } from './drain-loop.js';

/** The longest wait between two attempts of an outbox's message. */
const MAX_RETRY_MS = 3600_000;
const HOUR_MS = 3600_000;

/** The wait before the next attempt: `firstMs`, doubling with each attempt made, up to an hour. */
export const retryDelay = (firstMs: number, attempts: number) =>
  Math.min(MAX_RETRY_MS, firstMs * 2 ** Math.max(0, attempts - 1));

/**
 * Works an outbox whose messages may go at once (webhooks, push): claims what is due, attempts each
 * of a claim side by side, until nothing is due; on a timer and when kicked. An attempt's failure is
 * logged and leaves its message to its claim's lapse. Once an hour `cleanup` drops what is done with.
 */
export function createOutboxWorker<T>(opts: {
  claim: () => Promise<T[]>;
  attempt: (message: T) => Promise<unknown>;
  cleanup: () => Promise<unknown>;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** What the outbox is called in the log. */
  name: string;
}) {
  const { log, name } = opts;
  const drain = async () => {
    for (;;) {
      const due = await opts.claim();
      if (!due.length) return;
      await Promise.all(
        due.map((message) =>
          opts.attempt(message).catch((err: unknown) => log.error({ err, message }, `${name} delivery failed`)),
        ),
      );
    }
  };
  const loop = createDrainLoop({ drain, intervalMs: opts.intervalMs, log, failure: `${name} outbox drain failed` });
  const cleanup = setInterval(
    () => void opts.cleanup().catch((err: unknown) => log.error({ err }, `dropping old ${name} deliveries failed`)),
    HOUR_MS,
  );
  cleanup.unref();
  return {
    kick: loop.kick,
    flush: loop.flush,
    async close() {
      clearInterval(cleanup);
      await loop.close();
    },
  };
}
