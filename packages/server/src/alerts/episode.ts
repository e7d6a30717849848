import type { Severity } from '@evfleet/domain';

/** Where one metric of one vehicle stands (alert_state). */
export interface EpisodeState {
  band: Severity;
  /** When the metric entered this band (epoch ms). */
  since: number;
  /** Whether this episode's warning-log entry was written. */
  logged: boolean;
  lastNotifiedAt: number | null;
  /** The newest reading time evaluated; older (late) readings do not move alerts. */
  lastTs: number;
}

export type AlertEvent =
  | { kind: 'entered'; band: Exclude<Severity, 'NORMAL'>; since: number; at: number; value: number }
  | { kind: 'reminder'; band: Exclude<Severity, 'NORMAL'>; since: number; at: number; value: number }
  | { kind: 'recovered'; since: number; at: number; value: number; from: Exclude<Severity, 'NORMAL'> };

export const initialEpisode = (ts: number): EpisodeState => ({ band: 'NORMAL', since: ts, logged: false, lastNotifiedAt: null, lastTs: Number.NEGATIVE_INFINITY });

/**
 * One step of the alert rule (docs/alerts.md): a metric in WARNING or SEVERE for its minutes
 * backward gives one 'entered' event; while it stays there, a 'reminder' at most once per
 * notification frequency; its return to NORMAL after a logged episode gives 'recovered'.
 */
export function step(
  state: EpisodeState,
  band: Severity,
  ts: number,
  value: number,
  rule: { minutesBackward: number; frequencyMinutes: number },
): { state: EpisodeState; event: AlertEvent | null } {
  if (ts <= state.lastTs) return { state, event: null };
  const next: EpisodeState = { ...state, lastTs: ts };
  if (band === 'NORMAL') {
    const event: AlertEvent | null = state.band !== 'NORMAL' && state.logged ? { kind: 'recovered', since: ts, at: ts, value, from: state.band } : null;
    if (state.band !== 'NORMAL') Object.assign(next, { band, since: ts, logged: false, lastNotifiedAt: null });
    return { state: next, event };
  }
  if (state.band !== band) Object.assign(next, { band, since: ts, logged: false, lastNotifiedAt: null });
  if (!next.logged) {
    if (ts - next.since < rule.minutesBackward * 60_000) return { state: next, event: null };
    next.logged = true;
    next.lastNotifiedAt = ts;
    return { state: next, event: { kind: 'entered', band, since: next.since, at: ts, value } };
  }
  if (rule.frequencyMinutes > 0 && next.lastNotifiedAt !== null && ts - next.lastNotifiedAt >= rule.frequencyMinutes * 60_000) {
    next.lastNotifiedAt = ts;
    return { state: next, event: { kind: 'reminder', band, since: next.since, at: ts, value } };
  }
  return { state: next, event: null };
}
