import { describe, expect, it } from 'vitest';
import { initialEpisode, step, type AlertEvent, type EpisodeState } from '../../src/alerts/episode.js';

const MIN = 60_000;
const rule = { minutesBackward: 5, frequencyMinutes: 30 };

/** Feeds (minute, band) pairs and returns the events. */
function run(points: [number, 'NORMAL' | 'WARNING' | 'SEVERE'][], start: EpisodeState = initialEpisode(0)) {
  const state = { ...start };
  const events: AlertEvent[] = [];
  for (const [minute, band] of points) {
    const event = step(state, band, minute * MIN, minute, rule);
    if (event) events.push(event);
  }
  return { events, state };
}

describe('alert episodes (docs/alerts.md)', () => {
  it('logs a band only after it lasted its minutes backward, once', () => {
    const { events } = run([
      [1, 'NORMAL'],
      [2, 'WARNING'],
      [4, 'WARNING'],
      [7, 'WARNING'],
      [8, 'WARNING'],
    ]);
    expect(events).toEqual([{ kind: 'entered', band: 'WARNING', since: 2 * MIN, at: 7 * MIN, value: 7 }]);
  });

  it('ignores a short excursion', () => {
    expect(
      run([
        [1, 'SEVERE'],
        [3, 'SEVERE'],
        [4, 'NORMAL'],
        [20, 'NORMAL'],
      ]).events,
    ).toEqual([]);
  });

  it('reminds at most once per notification frequency while the band holds, then logs the recovery', () => {
    const minutes: [number, 'WARNING'][] = Array.from({ length: 80 }, (_, i) => [i + 1, 'WARNING']);
    const { events } = run([...minutes, [81, 'NORMAL'], [82, 'NORMAL']]);
    expect(events.map((e) => `${e.kind}@${e.at / MIN}`)).toEqual([
      'entered@6',
      'reminder@36',
      'reminder@66',
      'recovered@81',
    ]);
  });

  it('starts a new episode when the band changes, and ignores late readings', () => {
    const { events, state } = run([
      [0, 'WARNING'],
      [5, 'WARNING'],
      [6, 'SEVERE'],
      [11, 'SEVERE'],
      [3, 'NORMAL'],
    ]);
    expect(events.map((e) => e.kind + (e.kind === 'recovered' ? '' : e.band))).toEqual([
      'enteredWARNING',
      'enteredSEVERE',
    ]);
    expect(state.band).toBe('SEVERE');
  });

  it('fires at once when minutes backward is 0', () => {
    const event = step(initialEpisode(0), 'SEVERE', MIN, 99, { minutesBackward: 0, frequencyMinutes: 0 });
    expect(event?.kind).toBe('entered');
  });
});
