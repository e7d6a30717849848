import { SIGNAL_RANGES } from '@evfleet/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/telemetry/message.js';
import { packBatch, unpackMessages } from '../../src/telemetry/parsed-pack.js';
import { STORED_SIGNALS, type StoredSignal } from '../../src/readings/reading.js';
import { SCANNED_MAX, scanReading } from '../../src/telemetry/reading-scanner/reading-scanner.js';
import { batchOf } from '../support/message-batch.js';

const now = Date.UTC(2026, 10, 27, 12);
/** What the parse thread sends back for each message, read back. */
const packed = (messages: string[]) => {
  const { bytes, ends } = batchOf(messages);
  return unpackMessages(packBatch(bytes, ends, now));
};
/** Whether the scanner takes the message, alone in a buffer as the parse thread lays it out. */
const scanned = (message: string) => {
  const { bytes, ends } = batchOf([message]);
  return scanReading(bytes, 0, ends[0], now, new Float64Array(1 + SCANNED_MAX), 0) >= 0;
};

const cells = Array.from({ length: 32 }, (_, i) => 3.2 + (i % 7) * 0.01);
/** The usual message: every signal and 32 cells, as the benchmark's devices send it. */
const full = {
  ts: now - 1000,
  ...Object.fromEntries(STORED_SIGNALS.map((k, i) => [k, i % 2])),
  gpsLat: 41.8781,
  gpsLong: -87.6298,
  cells,
};

describe('the reading scanner', () => {
  const usual = [
    JSON.stringify(full),
    JSON.stringify({ ...full, ts: new Date(now - 5000).toISOString() }),
    JSON.stringify({ ts: Math.floor(now / 1000) - 60, speed: -0, gear: true, limpMode: false, odometer: null }),
    JSON.stringify({ ts: now, cells: [] }),
    JSON.stringify({ ts: now, cells: null, speed: 1e-7, motorRpm: -2.5e3, odometer: 1234567.891234 }),
    ` {\n\t"ts" : ${now} ,\r\n "cells" : [ 3.3 , 3.4 ] , "speed":12.5E0 }  `,
    `{"ts":${now},"gpsLat":41.878113456789012,"gpsLong":-87.62980000000001}`, // more digits than a double holds
  ];
  it('reads the usual message straight from its bytes, as JSON.parse and the checks read it', () => {
    for (const m of usual) expect(scanned(m), m).toBe(true);
    expect(packed(usual)).toEqual(usual.map((m) => parseMessage(m, now)));
  });

  const unusual = [
    JSON.stringify([{ ts: now, speed: 1 }]),
    JSON.stringify({ readings: [{ ts: now }] }),
    JSON.stringify({ ts: now, tyrePressure: 2.2 }), // an unknown signal
    JSON.stringify({ ts: now, speed: 999 }), // out of range: dropped
    JSON.stringify({ ts: now, cells: [3.3, 25] }),
    JSON.stringify({ ts: now, cells: Array(33).fill(3.3) }),
    JSON.stringify({ ts: now, cells: [3.3, null] }),
    JSON.stringify({ ts: now, speed: '12' }),
    JSON.stringify({ timestamp: now, speed: 1 }),
    JSON.stringify({ ts: now, vin: 'EV123', speed: 1 }),
    JSON.stringify({ ts: now + 3_600_000 }),
    JSON.stringify({ ts: 'never' }),
    JSON.stringify({ ts: true }),
    JSON.stringify({ speed: 1 }),
    '{}',
    `{"ts":${now},"speed":1,"speed":2}`,
    `{"ts":${now},"sp\\u0065ed":1}`,
    `{"ts":${now},"speed":1e999}`,
    `{"ts":${now},"speed":01}`,
    `{"ts":${now},"speed":1.}`,
    `{"ts":${now},"speed":1,}`,
    `{"ts":${now}} {}`,
    `{"ts":${now},"cells":[3.3,]}`,
    `{"ts":${now}`,
  ];
  it('leaves every other message to JSON.parse and the checks', () => {
    for (const m of unusual) expect(scanned(m), m).toBe(false);
    expect(packed(unusual)).toEqual(unusual.map((m) => parseMessage(m, now)));
  });

  it('reads no number on past its message, nor past a buffer that does not end one', () => {
    // The scanner reads numbers to their last digit without looking for the message's end.
    const cut = [`{"ts":${now},"speed":1`, '2}', `{"ts":${now},"cells":[3.3,3.`, '4]}'];
    expect(cut.map(scanned)).toEqual([false, false, false, false]);
    expect(packed(cut)).toEqual(cut.map((m) => parseMessage(m, now)));
    const whole = `{"ts":${now},"speed":12}`;
    const out = new Float64Array(1 + SCANNED_MAX);
    expect(scanReading(Buffer.from(`${whole}\0`), 0, whole.length, now, out, 0)).toBeGreaterThan(0);
    expect(scanReading(Buffer.from(`${whole}7`), 0, whole.length, now, out, 0)).toBe(-1);
  });

  // Messages built from the protocol's pieces and its hostile ones, laid out as text, so that
  // what the scanner takes and what it leaves are both reached.
  const keys = fc.constantFrom(
    ...STORED_SIGNALS,
    'ts',
    'ts',
    'cells',
    'timestamp',
    'vin',
    'readings',
    'other',
    '__proto__',
  );
  const numberText = fc.oneof(
    fc.double({ min: -200, max: 400, noNaN: true }).map(String),
    fc.double().map((n) => JSON.stringify(n)),
    fc.integer({ min: -40_000, max: 40_000 }).map(String),
    fc.stringMatching(/^-?(0|[1-9][0-9]{0,19})(\.[0-9]{1,19})?([eE][-+]?[0-9]{1,3})?$/),
    fc.constantFrom('01', '1.', '.5', '+1', '-', '1e', '0.1e+', '-0', '0e5', '1E400', '4.9e-324'),
  );
  const timeText = fc.oneof(
    fc.integer({ min: now - 2e10, max: now + 1e6 }).map(String),
    fc.integer({ min: Math.floor(now / 1000) - 1e6, max: Math.floor(now / 1000) + 1e3 }).map(String),
    fc
      .date({ min: new Date(now - 1e10), max: new Date(now + 1e6), noInvalidDate: true })
      .map((d) => `"${d.toISOString()}"`),
    fc.constantFrom('"2026-11-27"', '"yesterday"', '"\\u0032026-11-27T00:00:00Z"', 'null', 'true', '1e400'),
  );
  const valueText = fc.oneof(
    { weight: 6, arbitrary: numberText },
    fc.constantFrom('true', 'false', 'null', '"x"', '{}', '[]', '[1]'),
    fc
      .array(
        fc.oneof(fc.double({ min: -1, max: 21, noNaN: true }).map(String), numberText, fc.constantFrom('null', 'true')),
        {
          maxLength: 34,
        },
      )
      .map((items) => `[${items.join(',')}]`),
    timeText,
  );
  const space = fc.constantFrom('', '', '', ' ', '\n\t', '\r\n  ');
  const message = fc
    .tuple(
      fc.array(fc.tuple(keys, valueText, space), { maxLength: 30 }),
      fc.constantFrom('', '', ',', '}', ' x'),
      space,
    )
    .map(([members, tail, pad]) => `${pad}{${members.map(([k, v, s]) => `${s}"${k}"${s}:${s}${v}`).join(',')}}${tail}`);

  // A device's usual message (known signals inside their ranges, a time, cells), and the same
  // with one hostile member among its own.
  const signalText = (key: StoredSignal) => {
    const { min, max } = SIGNAL_RANGES[key];
    return fc.oneof(
      fc.double({ min, max, noNaN: true }).map(String),
      fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).map(String),
      fc.constantFrom('null', 'true', 'false'),
    );
  };
  const cellsText = fc.oneof(
    fc
      .array(fc.double({ min: 0, max: 20, noNaN: true }).map(String), { maxLength: 32 })
      .map((c) => `[${c.join(', ')}]`),
    fc.constant('null'),
  );
  const usualMembers = fc
    .shuffledSubarray([...STORED_SIGNALS])
    .chain((keys) => fc.tuple(...keys.map((k) => signalText(k).map((v) => [k, v] as const))))
    .chain((members) =>
      fc
        .tuple(timeText, cellsText, fc.nat(members.length))
        .map(
          ([ts, cells, at]) => [...members.slice(0, at), ['ts', ts], ['cells', cells], ...members.slice(at)] as const,
        ),
    );
  const usualMessage = fc
    .tuple(usualMembers, fc.option(fc.tuple(keys, valueText, fc.nat()), { freq: 2 }), space)
    .map(([members, hostile, pad]) => {
      const all: (readonly [string, string])[] = [...members];
      if (hostile) all.splice(hostile[2] % (all.length + 1), 0, [hostile[0], hostile[1]]);
      return `{${all.map(([k, v]) => `${pad}"${k}":${pad}${v}`).join(',')}}`;
    });

  it('agrees with JSON.parse and the checks on generated messages, usual and not', () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.array(fc.oneof(usualMessage, message), { minLength: 1, maxLength: 5 }), (messages) => {
        taken += messages.filter(scanned).length;
        expect(packed(messages)).toEqual(messages.map((m) => parseMessage(m, now)));
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(1000); // the generated messages reach the scanner's path too
  });

  it('reads numbers as JavaScript does, to the last bit', () => {
    // Within the odometer's range (0 to 10,000,000), from a few digits to more than a double holds.
    const odometerText = fc
      .tuple(
        fc.stringMatching(/^(0|[1-9][0-9]{0,6})$/),
        fc.stringMatching(/^(\.[0-9]{1,24})?$/),
        fc.stringMatching(/^([eE]-?[0-3])?$/),
      )
      .map((parts) => parts.join(''));
    const place = STORED_SIGNALS.indexOf('odometer');
    fc.assert(
      fc.property(fc.oneof(odometerText, fc.double({ min: 0, max: 1e7, noNaN: true }).map(String)), (text) => {
        const m = `{"ts":${now},"odometer":${text}}`;
        const n = Number(text);
        expect(scanned(m)).toBe(n <= 1e7);
        const [read] = packed([m]);
        if (n <= 1e7)
          expect(read).toMatchObject({ ok: true, items: [{ ok: true, reading: { values: expect.anything() } }] });
        const values = (read as { items: { reading: { values: number[] } }[] }).items[0].reading.values;
        if (n <= 1e7) expect(Object.is(values[place], n), `${text}: ${values[place]} against ${n}`).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
});
