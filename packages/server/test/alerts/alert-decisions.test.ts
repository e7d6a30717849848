import { DEFAULT_THRESHOLDS, type AlertAttribute } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import {
  alertContextOf,
  alertMessages,
  channelBand,
  loggedBand,
  occurrenceOf,
  ownRecipients,
  recipientsOf,
  withinHourlyLimit,
  writesLogEntry,
} from '../../src/alerts/alert-messages.js';
import type { AlertEvent } from '../../src/alerts/episode.js';
import type { VehicleAlertSettings } from '../../src/alerts/thresholds.js';
import {
  EpisodeMemory,
  judgeVehicle,
  VehicleEpisodes,
  type MetricEpisode,
  type Transition,
} from '../../src/alerts/vehicle-episodes.js';
import { valuesFrom } from '../../src/readings/reading.js';

const MIN = 60_000;
const VEHICLE = 7;
/** Motor current: normal 0–199 A, warning 200–220, severe 221–500; entered after 2 minutes, reminded every 10. */
const motor: AlertAttribute = {
  ...DEFAULT_THRESHOLDS.find((a) => a.name === 'motorCurrent')!,
  minutesBackward: 2,
  notificationFrequencyHour: 10,
};
const cells = DEFAULT_THRESHOLDS.find((a) => a.name === 'cellVoltage')!;
const settings = (attributes: readonly AlertAttribute[] = [motor, cells]): VehicleAlertSettings => ({
  name: 'Cart 7',
  vin: 'VIN-7',
  attributes,
  email: 'ops@fleet.test',
  sms: null,
});

const reading = (minute: number, signals: Record<string, number>, cellVolts: number[] | null = null) => ({
  reading: { ts: minute * MIN, values: valuesFrom(signals), cells: cellVolts, extra: null },
});
const motorAt = (points: [minute: number, amps: number][]) => points.map(([m, a]) => reading(m, { motorCurrent: a }));

/** Judges batches of readings one after another, as the engine does, and collects what comes out. */
function judge(batches: ReturnType<typeof reading>[][], own = new VehicleEpisodes(), vehicle = settings()) {
  const out = { transitions: [] as Transition[], changed: [] as MetricEpisode[] };
  const changedPerBatch: MetricEpisode[][] = [];
  for (const batch of batches) {
    const before = out.changed.length;
    judgeVehicle(own, VEHICLE, vehicle, batch, out);
    changedPerBatch.push(out.changed.slice(before));
  }
  return { ...out, changedPerBatch, own };
}
const kinds = (transitions: Transition[]) =>
  transitions.map(({ attribute, event }) => `${attribute.name}:${event.kind}:${loggedBand(event)}@${event.at / MIN}`);

describe('judging a vehicle’s readings (no database)', () => {
  it('puts each value in its band and enters an episode once it lasted its minutes backward', () => {
    const { transitions } = judge([
      motorAt([
        [0, 150],
        [1, 210],
        [2, 215],
        [3, 219],
      ]),
    ]);
    expect(kinds(transitions)).toEqual(['motorCurrent:entered:WARNING@3']);
    expect(transitions[0].event).toMatchObject({ since: 1 * MIN, value: 219 });
    expect(transitions[0].settings.name).toBe('Cart 7');
  });

  it('starts a new episode when WARNING escalates to SEVERE, reminds, and ends on NORMAL', () => {
    const severe = Array.from({ length: 13 }, (_, i): [number, number] => [5 + i, 300]);
    const { transitions } = judge([motorAt([[0, 210], [2, 210], ...severe, [20, 100]])]);
    expect(kinds(transitions)).toEqual([
      'motorCurrent:entered:WARNING@2',
      'motorCurrent:entered:SEVERE@7',
      'motorCurrent:reminder:SEVERE@17',
      'motorCurrent:recovered:NORMAL@20',
    ]);
  });

  it('judges cell voltage by the cell furthest from normal, and skips metrics a reading lacks', () => {
    const low = [3.4, 3.4, 2.0, 3.4];
    const { transitions } = judge([[reading(0, {}, low), reading(1, {}, low), reading(6, { motorCurrent: 100 }, low)]]);
    expect(kinds(transitions)).toEqual(['cellVoltage:entered:SEVERE@6']);
    expect(transitions[0].event.value).toBe(2.0);
  });

  it('reports a metric’s state as changed only when its band, log or notification moved', () => {
    const { changedPerBatch } = judge([
      motorAt([[0, 100]]), // first seen, NORMAL: nothing to store
      motorAt([[1, 250]]), // SEVERE begins
      motorAt([[2, 260]]), // still within minutes backward: only lastTs moves, kept in memory
      motorAt([[3, 270]]), // entered: logged and notified
    ]);
    expect(changedPerBatch.map((c) => c.map((m) => `${m.metric}:${m.state.band}:${m.state.logged}`))).toEqual([
      [],
      ['motorCurrent:SEVERE:false'],
      [],
      ['motorCurrent:SEVERE:true'],
    ]);
  });

  it('hands out copies of the states, and ignores readings older than one judged', () => {
    const { changed, transitions, own } = judge([
      motorAt([
        [0, 250],
        [3, 250],
      ]),
      motorAt([[1, 100]]),
    ]);
    expect(kinds(transitions)).toEqual(['motorCurrent:entered:SEVERE@3']);
    expect(changed).toHaveLength(1);
    expect(changed[0].state).not.toBe(own.byMetric.get('motorCurrent'));
    expect(own.byMetric.get('motorCurrent')).toMatchObject({ band: 'SEVERE', lastTs: 3 * MIN });
  });

  it('follows new thresholds at once, keeping the episodes of the metrics judged before', () => {
    const own = new VehicleEpisodes();
    judge([motorAt([[0, 210]])], own);
    const stricter = { ...motor, minutesBackward: 0 };
    const { transitions } = judge([motorAt([[1, 210]])], own, settings([stricter]));
    expect(kinds(transitions)).toEqual(['motorCurrent:entered:WARNING@1']);
    expect(transitions[0].event.since).toBe(0);
  });
});

describe('the episodes held in memory', () => {
  it('loads a vehicle’s stored states once, and again after it is forgotten', () => {
    const memory = new EpisodeMemory();
    expect(memory.unloaded([1, 2])).toEqual([1, 2]);
    const stored = { band: 'WARNING' as const, since: 0, logged: false, lastNotifiedAt: null, lastTs: 1 * MIN };
    memory.restore([1, 2], [{ vehicleId: 1, metric: 'motorCurrent', state: stored }]);
    expect(memory.unloaded([1, 2, 3])).toEqual([3]);
    expect(memory.of(1).byMetric.get('motorCurrent')).toBe(stored);
    // The stored episode goes on: two minutes after it began it is entered.
    const { transitions } = judge([motorAt([[2, 210]])], memory.of(1));
    expect(kinds(transitions)).toEqual(['motorCurrent:entered:WARNING@2']);
    memory.forget([1]);
    expect(memory.unloaded([1, 2])).toEqual([1]);
    expect(memory.of(1).byMetric.size).toBe(0);
  });
});

describe('what a transition writes (no database)', () => {
  const entered: AlertEvent = { kind: 'entered', band: 'SEVERE', since: 10 * MIN, at: 12 * MIN, value: 302 };
  const reminder: AlertEvent = { kind: 'reminder', band: 'SEVERE', since: 10 * MIN, at: 33 * MIN, value: 310 };
  const recovered: AlertEvent = { kind: 'recovered', since: 40 * MIN, at: 40 * MIN, value: 50, from: 'WARNING' };
  const transition = (event: AlertEvent, attribute = motor): Transition => ({
    vehicleId: VEHICLE,
    settings: settings(),
    attribute,
    event,
  });

  it('logs entries and recoveries, a recovery as NORMAL, but not reminders', () => {
    expect([entered, reminder, recovered].map(writesLogEntry)).toEqual([true, false, true]);
    expect([entered, reminder, recovered].map(loggedBand)).toEqual(['SEVERE', 'SEVERE', 'NORMAL']);
    expect(alertContextOf(transition(recovered))).toEqual({
      vehicleName: 'Cart 7',
      vin: 'VIN-7',
      metric: 'motorCurrent',
      displayName: motor.displayName,
      band: 'NORMAL',
      value: 50,
      at: new Date(40 * MIN),
    });
  });

  it('tells a recovery by the channels of the band it recovers from', () => {
    expect(channelBand(recovered)).toBe('WARNING');
    const emailOnSevereOnly = { ...motor, emailOn: ['SEVERE' as const], smsOn: ['WARNING' as const] };
    const candidates = [
      ...ownRecipients({ ...settings(), sms: '+4917' }),
      { channel: 'email' as const, to: 'list@fleet.test' },
    ];
    expect(recipientsOf(emailOnSevereOnly, entered, candidates).map((r) => r.to)).toEqual([
      'ops@fleet.test',
      'list@fleet.test',
    ]);
    expect(recipientsOf(emailOnSevereOnly, recovered, candidates)).toEqual([{ channel: 'sms', to: '+4917' }]);
  });

  it('leaves out a channel the vehicle has no address or number for', () => {
    expect(recipientsOf(motor, entered, ownRecipients(settings()))).toEqual([
      { channel: 'email', to: 'ops@fleet.test' },
    ]);
  });

  it('allows messages until the vehicle’s hourly limit is reached', () => {
    expect(withinHourlyLimit(0, 30)).toBe(true);
    expect(withinHourlyLimit(29, 30)).toBe(true);
    expect(withinHourlyLimit(30, 30)).toBe(false);
    expect(withinHourlyLimit(0, 0)).toBe(false);
  });

  it('numbers reminders by notification frequency, so the same reminder keeps its key', () => {
    expect(occurrenceOf(entered, 10)).toBe('entered');
    expect(occurrenceOf(recovered, 10)).toBe('recovered');
    expect(occurrenceOf(reminder, 10)).toBe('r2');
    expect(occurrenceOf({ ...reminder, at: 39 * MIN }, 10)).toBe('r2');
    expect(occurrenceOf(reminder, 0)).toBe(`r${23 * MIN}`);
  });

  it('makes one outbox row a recipient, keyed by vehicle, metric, band, episode, occurrence and recipient', () => {
    const t = transition(reminder);
    const context = alertContextOf(t);
    const recipients = recipientsOf(motor, reminder, [
      { channel: 'email', to: 'ops@fleet.test' },
      { channel: 'sms', to: '+4917' },
    ]);
    const rows = alertMessages(t, context, 'the text', recipients);
    expect(rows.map((r) => [r.recipient, r.channel, r.kind, r.vehicleId, r.body])).toEqual([
      ['ops@fleet.test', 'email', 'alert', VEHICLE, 'the text'],
      ['+4917', 'sms', 'alert', VEHICLE, 'the text'],
    ]);
    expect(rows[0].subject).toBe(`evfleet SEVERE: Cart 7 ${motor.displayName}`);
    expect(rows[0].dedupeKey).toMatch(
      new RegExp(`^alert:${VEHICLE}:motorCurrent:SEVERE:${10 * MIN}:r2:email:[0-9a-f]{16}$`),
    );
    // The same address in another case is the same recipient.
    const again = alertMessages(t, context, 'the text', [{ channel: 'email', to: 'OPS@fleet.test' }]);
    expect(again[0].dedupeKey).toBe(rows[0].dedupeKey);
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(2);
  });
});
