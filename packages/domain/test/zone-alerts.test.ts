import { describe, expect, it } from 'vitest';
import {
  eveningOf,
  judgeZoneRules,
  newZoneRuleMemory,
  type RuledReading,
  type RuledZone,
  type ZoneAlertEvent,
} from '../src/zone-alerts.js';
import { newVisitTrack, openVisits, stepVisits } from '../src/zone-visits.js';

const S = 1000;
const MIN = 60 * S;
const utc = (iso: string) => Date.parse(`${iso}Z`);

const zone = (id: number, kind: RuledZone['kind'], extra: Partial<RuledZone> = {}): RuledZone => ({
  id,
  name: `Zone ${id}`,
  kind,
  timeZone: 'UTC',
  speedLimitMph: null,
  eveningTime: kind === 'depot' ? '18:00' : null,
  departureChargePercent: null,
  ...extra,
});

/** Runs readings through visits and rules, as ingest does; each reading names the zones it lies in. */
function run(zones: RuledZone[], readings: (Partial<RuledReading> & { ts: number; in: number[] })[]) {
  const track = newVisitTrack();
  const memory = newZoneRuleMemory();
  const out: ZoneAlertEvent[] = [];
  const zoneOf = (id: number) => zones.find((z) => z.id === id);
  for (const r of readings) {
    const p: RuledReading = { lat: 0, lng: 0, speed: 0, odometer: null, charging: false, batteryCharge: 50, ...r };
    const inside = r.in.map((id) => ({ ...zoneOf(id)!, dwellMs: 60 * S }));
    const step = stepVisits(track, p, inside);
    judgeZoneRules(memory, 7, p, inside, step, openVisits(track), zoneOf, out);
  }
  return out.map((e) => ({ rule: e.rule, zone: e.zone.id, at: e.at, since: e.since, value: e.value }));
}

describe('zone alert rules', () => {
  it('finds a no-go zone entered once the dwell passed, once a visit', () => {
    const t = utc('2026-05-04T10:00:00');
    const readings = [0, 30, 60, 90, 120].map((s) => ({ ts: t + s * S, in: [2] }));
    expect(run([zone(2, 'no-go')], readings)).toEqual([
      { rule: 'zoneNoGo', zone: 2, at: t + 60 * S, since: t, value: null },
    ]);
  });

  it('finds speeding only past 10 s over the limit, once an episode', () => {
    const campus = zone(3, 'zone', { speedLimitMph: 10 });
    const t = utc('2026-05-04T10:00:00');
    const speeds = [8, 12, 12, 12, 9, 12, 12, 12, 12, 12];
    const readings = speeds.map((speed, i) => ({ ts: t + i * 5 * S, in: [3], speed }));
    // Over from 5 s to 15 s (10 s, not more), then from 25 s: past 10 s at 40 s, told once.
    expect(run([campus], readings)).toEqual([
      { rule: 'zoneSpeeding', zone: 3, at: t + 40 * S, since: t + 25 * S, value: 12 },
    ]);
  });

  it('reminds at a depot’s evening when not charging, in its time zone, once an evening', () => {
    const depot = zone(1, 'depot', { timeZone: 'Europe/Berlin' });
    // 16:00 UTC is 18:00 in Berlin in summer.
    const t = utc('2026-07-01T15:00:00');
    const readings = [0, 30, 60, 90, 120, 150].map((m) => ({ ts: t + m * MIN, in: [1] }));
    expect(run([depot], readings)).toEqual([
      { rule: 'zonePlugIn', zone: 1, at: t + 60 * MIN, since: utc('2026-07-01T16:00:00'), value: 50 },
    ]);
    const charging = readings.map((r) => ({ ...r, charging: true }));
    expect(run([depot], charging)).toEqual([]);
    // Charged in the afternoon and stopped at a full pack: no reminder.
    const full = readings.map((r, i) => ({ ...r, charging: i === 1 }));
    expect(run([depot], full)).toEqual([]);
  });

  it('gives a vehicle that arrives after the evening 15 minutes to plug in', () => {
    const t = utc('2026-05-04T19:00:00');
    const readings = [0, 1, 2, 5, 10, 16].map((m) => ({ ts: t + m * MIN, in: [1], charging: m >= 10 }));
    expect(run([zone(1, 'depot')], readings)).toEqual([]);
    const unplugged = readings.map((r) => ({ ...r, charging: false }));
    expect(run([zone(1, 'depot')], unplugged).map((e) => e.at)).toEqual([t + 16 * MIN]);
  });

  it('finds a departure from a depot with the charge it left with', () => {
    const t = utc('2026-05-04T06:00:00');
    const readings = [
      ...[0, 1, 2].map((m) => ({ ts: t + m * MIN, in: [1] })),
      ...[3, 4, 5].map((m) => ({ ts: t + m * MIN, in: [], batteryCharge: 31 })),
    ];
    expect(run([zone(1, 'depot')], readings)).toEqual([
      { rule: 'zoneDeparture', zone: 1, at: t + 4 * MIN, since: t, value: 31 },
    ]);
  });

  it('tells when the evening began on a reading’s local day', () => {
    expect(eveningOf(utc('2026-05-04T17:59:59'), 'UTC', '18:00')).toBeNull();
    expect(eveningOf(utc('2026-05-04T21:30:10'), 'UTC', '18:00')).toBe(utc('2026-05-04T18:00:00'));
    expect(eveningOf(utc('2026-01-04T17:30:00'), 'Europe/Berlin', '18:00')).toBe(utc('2026-01-04T17:00:00'));
  });
});
