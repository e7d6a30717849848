import type { ReadinessRow } from '@evfleet/domain';

/** How a vehicle stands for the day ahead. */
export type Readiness = 'not-ready' | 'ready' | 'unknown';

export const readinessOf = (row: ReadinessRow): Readiness =>
  row.ready === null ? 'unknown' : row.ready ? 'ready' : 'not-ready';

const RANK: Record<Readiness, number> = { 'not-ready': 0, ready: 1, unknown: 2 };

/** The vehicles that would not make their usual day first, then the ready, then those not enough is known of; within each, the server's order (least range first). */
export function readinessOrder(rows: readonly ReadinessRow[]): ReadinessRow[] {
  return [...rows].sort((a, b) => RANK[readinessOf(a)] - RANK[readinessOf(b)]);
}
