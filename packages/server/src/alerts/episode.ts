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

export const initialEpisode = (ts: number): EpisodeState => ({
  band: 'NORMAL',
  since: ts,
  logged: false,
  lastNotifiedAt: null,
  lastTs: Number.NEGATIVE_INFINITY,
});

/**
 * One step of the alert rule (docs/alerts.md): a metric in WARNING or SEVERE for its minutes
 * backward gives one 'entered' event; while it stays there, a 'reminder' at most once per
 * notification frequency; its return to NORMAL after a logged episode gives 'recovered'.
 * Updates the state in place (it runs for every metric of every reading) and returns the event.
 */
export function step(
  state: EpisodeState,
  band: Severity,
  ts: number,
  value: number,
  rule: { minutesBackward: number; frequencyMinutes: number },
): AlertEvent | null {
  if (ts <= state.lastTs) return null;
  state.lastTs = ts;
  if (band === 'NORMAL') {
    if (state.band === 'NORMAL') return null;
    const from = state.band;
    const logged = state.logged;
    Object.assign(state, { band, since: ts, logged: false, lastNotifiedAt: null });
    return logged ? { kind: 'recovered', since: ts, at: ts, value, from } : null;
  }
  if (state.band !== band) Object.assign(state, { band, since: ts, logged: false, lastNotifiedAt: null });
  if (!state.logged) {
    if (ts - state.since < rule.minutesBackward * 60_000) return null;
    state.logged = true;
    state.lastNotifiedAt = ts;
    return { kind: 'entered', band, since: state.since, at: ts, value };
  }
  if (
    rule.frequencyMinutes > 0 &&
    state.lastNotifiedAt !== null &&
    ts - state.lastNotifiedAt >= rule.frequencyMinutes * 60_000
  ) {
    state.lastNotifiedAt = ts;
    return { kind: 'reminder', band, since: state.since, at: ts, value };
  }
  return null;
}
