import { TELEMETRY_LIMITS } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { avlRecordOf, DEMO_CAN_PROFILE } from '../../src/demo/demo-trackers.js';
import { readFrame, type AvlRecord, type IoElement } from '../../src/telemetry/teltonika/codec.js';
import { parsedRecord, type RecordLeftovers, type Unmapped } from '../../src/telemetry/teltonika/avl-readings.js';
import { parseReading, readingJson } from '../../src/readings/reading.js';
import type { CompiledProfile } from '../../src/telemetry/trackers/tracker-registry.js';
import { encodeAvl } from '../../src/telemetry/teltonika/encode.js';
import { compileProfile } from '../../src/telemetry/trackers/tracker-registry.js';

const element = (id: number, length: number, value: number, signedValue = value): IoElement => ({
  id,
  length,
  value,
  signedValue,
});
const record = (io: IoElement[], gps: Partial<AvlRecord> = {}): AvlRecord => ({
  timestamp: 1_795_000_000_000,
  priority: 0,
  longitude: -87.6298,
  latitude: 41.8781,
  altitude: 181,
  angle: 271,
  satellites: 7,
  speed: 50,
  eventIoId: 0,
  io,
  ...gps,
});
const mapping = (io: number, signal: string, scale = 1, offset = 0, signed = false) => ({
  io,
  signal,
  scale,
  offset,
  signed,
});
const none = (): RecordLeftovers => ({ tooLong: 0, overLimit: 0 });
/** What `record`'s GPS element gives: a fix, in mph, altitude and satellites as unknown signals. */
const GPS = {
  ts: 1_795_000_000_000,
  gpsLat: 41.8781,
  gpsLong: -87.6298,
  heading: 271,
  speed: 50 / 1.609344,
  altitude: 181,
  satellites: 7,
};
/** The record's reading as the JSON protocol writes it, checked as of its own time. */
function readingOfRecord(record: AvlRecord, profile: CompiledProfile, leftovers: RecordLeftovers, unmapped?: Unmapped) {
  const parsed = parsedRecord(record, profile, record.timestamp, leftovers, unmapped);
  if (!parsed.ok) throw new Error(parsed.detail);
  return readingJson(parsed.reading);
}

describe('an AVL record as a reading', () => {
  const profile = compileProfile([
    mapping(66, 'battery12v', 0.001),
    mapping(200, 'vehicleCurrent', 0.1, 0, true),
    mapping(201, 'cellPackTemp', 0.18, 32, true),
    mapping(300, 'cell1', 0.001),
    mapping(301, 'cell2', 0.001),
    mapping(303, 'cell4', 0.001),
    mapping(400, 'wiperSpeed'),
  ]);

  it('takes the GPS element with a fix, in mph, with altitude and satellites as unknown signals', () => {
    expect(readingOfRecord(record([]), profile, none())).toEqual(GPS);
  });

  it('takes no position without a fix: no satellites, or latitude and longitude both 0', () => {
    for (const gps of [{ satellites: 0 }, { latitude: 0, longitude: 0 }]) {
      const reading = readingOfRecord(record([], gps), profile, none());
      expect(reading).not.toHaveProperty('gpsLat');
      expect(reading).not.toHaveProperty('heading');
    }
  });

  it('scales mapped elements, reads signed ones as two’s complement, and keeps tenths exact', () => {
    const reading = readingOfRecord(
      record([element(66, 2, 12_790), element(200, 2, 0xfff6, -10), element(201, 2, 250)]),
      profile,
      none(),
    );
    expect(reading.battery12v).toBe(12.79);
    expect(reading.vehicleCurrent).toBe(-1);
    expect(reading.cellPackTemp).toBeCloseTo(77, 9);
  });

  it('keeps an unmapped element as io<ID> with its raw value, and tells who listens', () => {
    const seen: [number, number][] = [];
    const reading = readingOfRecord(record([element(10_500, 4, 77)]), profile, none(), (io, v) => seen.push([io, v]));
    expect(reading.io10500).toBe(77);
    expect(seen).toEqual([[10_500, 77]]);
  });

  it('places cells only as a list from cell 1 without a gap', () => {
    const dense = readingOfRecord(record([element(300, 2, 3301), element(301, 2, 3302)]), profile, none());
    expect(dense.cells).toEqual([3.301, 3.302]);
    const gap = readingOfRecord(record([element(300, 2, 3301), element(303, 2, 3304)]), profile, none());
    expect(gap).not.toHaveProperty('cells');
  });

  it('counts what it cannot store: elements over 8 bytes, and unknown signals beyond a reading’s limit', () => {
    const leftovers = none();
    const many = Array.from({ length: TELEMETRY_LIMITS.maxExtraSignals + 5 }, (_, i) => element(1000 + i, 1, 1));
    const reading = readingOfRecord(
      record([element(9, 20, NaN, NaN), element(400, 1, 3), ...many]),
      profile,
      leftovers,
    );
    expect(leftovers).toEqual({ tooLong: 1, overLimit: 8 });
    // altitude, satellites, the mapped unknown signal and io elements up to the limit.
    const unknown = Object.keys(reading).filter((k) => !['ts', 'gpsLat', 'gpsLong', 'heading', 'speed'].includes(k));
    expect(unknown).toHaveLength(TELEMETRY_LIMITS.maxExtraSignals);
    expect(reading.wiperSpeed).toBe(3);
  });
});

describe('the checks of a JSON reading', () => {
  const profile = compileProfile([
    mapping(66, 'battery12v', 0.001),
    mapping(300, 'cell1', 0.001),
    mapping(301, 'cell2', 0.001),
    mapping(400, 'wiperSpeed', 1e300),
  ]);

  it('refuse a record too old or in the future, as parseReading does', () => {
    const at = 1_795_000_000_000;
    for (const now of [at + 401 * 24 * 3_600_000, at - 10 * 60_000]) {
      const parsed = parsedRecord(record([]), profile, now, none());
      expect(parsed).toEqual(parseReading({ ts: at }, now));
      expect(parsed.ok).toBe(false);
    }
  });

  it('drop a value outside its range, and the cells with one outside theirs, keeping the rest', () => {
    for (let round = 0; round < 3; round++) {
      const parsed = parsedRecord(
        record([
          element(66, 2, 65_000),
          element(300, 2, 3301),
          element(301, 2, 30_000),
          element(400, 1, 5),
          element(7, 1, 2),
        ]),
        profile,
        1_795_000_000_000,
        none(),
      );
      if (!parsed.ok) throw new Error(parsed.detail);
      expect(readingJson(parsed.reading)).toEqual({ ...GPS, io7: 2 });
      // Without the value left out, its unknown signals no longer have the layout's keys.
      expect(parsed.reading.extraKeys).toBeUndefined();
      expect(parsed.dropped?.map((d) => [d.signal, d.reason])).toEqual([
        ['battery12v', 'out_of_range'],
        ['wiperSpeed', 'out_of_range'],
        ['cells', 'out_of_range'],
      ]);
    }
  });

  it('give a reading that a JSON reading of the same keys checks to', () => {
    const parsed = parsedRecord(
      record([element(66, 2, 12_790), element(300, 2, 3301), element(8, 4, 12)]),
      profile,
      1_795_000_000_000,
      none(),
    );
    if (!parsed.ok) throw new Error(parsed.detail);
    // The record says whose keys its unknown signals are; the rest is the JSON reading's.
    const { extraKeys, ...reading } = parsed.reading;
    expect(extraKeys).toBeDefined();
    expect(parseReading(readingJson(parsed.reading), 1_795_000_000_000)).toEqual({ ...parsed, reading });
  });
});

describe('unknown signals of any name', () => {
  it('are own keys with their values, whatever their names hold', () => {
    // Names the profile schema refuses, as a stored profile could still hold them.
    const names = ['__proto__', 'a"b\\c', '`${x}`', "'); throw 1; ('", '42', 'constructor'];
    const profile = compileProfile(names.map((name, i) => mapping(500 + i, name)));
    const parsed = parsedRecord(record(names.map((_, i) => element(500 + i, 1, i + 1))), profile, GPS.ts, none());
    if (!parsed.ok) throw new Error(parsed.detail);
    const extra = parsed.reading.extra!;
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    for (const [i, name] of names.entries()) expect(Object.getOwnPropertyDescriptor(extra, name)?.value).toBe(i + 1);
  });
});

describe('records of a layout seen before', () => {
  it('read the same as the first ones, whatever their values, as layouts alternate and change', () => {
    const profile = compileProfile([
      mapping(66, 'battery12v', 0.001),
      mapping(200, 'vehicleCurrent', 0.1, 0, true),
      mapping(239, 'ignition'),
      mapping(300, 'cell1', 0.001),
      mapping(301, 'cell2', 0.001),
    ]);
    const a = (n: number) =>
      record(
        [
          element(66, 2, 12_000 + n),
          element(200, 2, 0, -n),
          element(239, 1, n % 2),
          element(300, 2, 3300 + n),
          element(301, 2, 3310),
          element(7, 1, n),
        ],
        { timestamp: 1_795_000_000_000 + n, speed: n },
      );
    const b = (n: number) =>
      record([element(239, 1, 1), element(10_500, 4, n)], { satellites: 0, timestamp: 1_796_000_000_000 + n });
    const seen: [number, number][] = [];
    for (let n = 0; n < 6; n++) {
      const leftovers = none();
      expect(readingOfRecord(a(n), profile, leftovers, (io, v) => seen.push([io, v]))).toEqual({
        ...GPS,
        ts: 1_795_000_000_000 + n,
        speed: n / 1.609344,
        battery12v: (12_000 + n) / 1000,
        vehicleCurrent: n === 0 ? 0 : -n / 10,
        ignition: n % 2,
        cells: [(3300 + n) / 1000, 3.31],
        io7: n,
      });
      expect(readingOfRecord(b(n), profile, leftovers)).toEqual({
        ts: 1_796_000_000_000 + n,
        speed: 50 / 1.609344,
        altitude: 181,
        satellites: 0,
        ignition: 1,
        io10500: n,
      });
      expect(leftovers).toEqual({ tooLong: 0, overLimit: 0 });
    }
    expect(seen).toEqual(Array.from({ length: 6 }, (_, n) => [7, n]));
    // Records of one layout say their unknown signals have the same keys; of another, other keys.
    const keysOf = (r: AvlRecord) => {
      const parsed = parsedRecord(r, profile, 1_796_000_000_000, none());
      return parsed.ok ? parsed.reading.extraKeys : null;
    };
    expect(keysOf(a(1))).toBe(keysOf(a(2)));
    expect(keysOf(b(1))).toBe(keysOf(b(2)));
    expect(keysOf(a(1))).not.toBe(keysOf(b(1)));
  });
});

describe("the demo carts' trackers", () => {
  it('send every signal of a simulated reading, read back through their profile', () => {
    const sent = {
      ts: 1_795_000_000_000,
      batteryCharge: 79.3,
      packVoltage: 80.2,
      chargeStatus: 0,
      battery12v: 12.79,
      vehicleCurrent: -12.5,
      speed: 18.4,
      controllerTemp: 93,
      odometer: 8526.95,
      gpsLat: 41.886566,
      gpsLong: -87.612914,
      heading: 90,
      cellPackTemp: 83.7,
      cells: [3.343, 3.342, 3.338],
    };
    const frame = readFrame(encodeAvl(0x8e, [avlRecordOf(sent)]), 0);
    if (frame.kind !== 'avl') throw new Error(frame.kind);
    const back = readingOfRecord(frame.records[0], compileProfile(DEMO_CAN_PROFILE.mappings), none());
    for (const [key, value] of Object.entries(sent)) {
      if (key === 'cells') expect(back.cells).toEqual(value);
      else if (key === 'odometer') expect(back.odometer).toBeCloseTo(value as number, 2);
      else expect(back[key], key).toBeCloseTo(value as number, 6);
    }
  });
});
