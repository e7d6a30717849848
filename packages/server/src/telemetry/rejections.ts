import { REJECTION_REASONS, type RejectionReason } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Refused readings, counted per reason for administrators and logged at most once a minute per
 * reason so a broken device cannot flood the log.
 */
export function createRejectionCounter(log: FastifyBaseLogger) {
  const counts = Object.fromEntries(REJECTION_REASONS.map((r) => [r, 0])) as Record<RejectionReason, number>;
  const lastLogged = new Map<RejectionReason, number>();
  return {
    count(reason: RejectionReason, source: string, detail: string, n = 1) {
      counts[reason] += n;
      const now = Date.now();
      if ((lastLogged.get(reason) ?? 0) < now - 60_000) {
        lastLogged.set(reason, now);
        log.warn({ reason, source, detail }, `telemetry refused (${reason}): ${detail}`);
      }
    },
    snapshot: () => ({ ...counts }),
  };
}
export type RejectionCounter = ReturnType<typeof createRejectionCounter>;
