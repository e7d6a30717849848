import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `drain` on a timer and on demand, one run at a time: a kick during a run runs it once more
 * after, so work queued meanwhile is not left for the next tick. The outboxes (mail, webhooks) send
 * what is due with it.
 */
export function createDrainLoop(opts: {
  drain: () => Promise<void>;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** What a failed run is logged as. */
  failure: string;
}) {
  let running: Promise<void> | null = null;
  let again = false;

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = opts
      .drain()
      .catch((err) => opts.log.error({ err }, opts.failure))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };

  const timer = setInterval(() => void run(), opts.intervalMs);
  timer.unref();

  return {
    /** Sends what is due now instead of waiting for the next tick. */
    kick: () => void run(),
    /** Resolves once everything due now has been tried. */
    flush: async () => {
      await run();
      if (running) await running;
    },
    /** Stops the timer and waits for a run under way. */
    close: async () => {
      clearInterval(timer);
      if (running) await running;
    },
  };
}
