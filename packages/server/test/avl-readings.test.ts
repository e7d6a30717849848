import { TELEMETRY_LIMITS } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { avlRecordOf, DEMO_CAN_PROFILE } from '../src/sim/demo-trackers.js';
import { readFrame, type AvlRecord, type IoElement } from '../src/telemetry/teltonika/codec.js';
import { readingOfRecord, type RecordLeftovers } from '../src/telemetry/teltonika/avl-readings.js';
import { encodeAvl } from '../src/telemetry/teltonika/encode.js';
import { compileProfile } from '../src/telemetry/trackers/tracker-registry.js';

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
const none = (): RecordLeftovers => ({ tooLong: 0, overLimit: 0 });

describe('an AVL record as a reading', () => {
  const profile = compileProfile([
    { io: 66, signal: 'battery12v', scale: 0.001, offset: 0, signed: false },
    { io: 200, signal: 'vehicleCurrent', scale: 0.1, offset: 0, signed: true },
    { io: 201, signal: 'cellPackTemp', scale: 0.18, offset: 32, signed: true },
    { io: 300, signal: 'cell1', scale: 0.001, offset: 0, signed: false },
    { io: 301, signal: 'cell2', scale: 0.001, offset: 0, signed: false },
    { io: 303, signal: 'cell4', scale: 0.001, offset: 0, signed: false },
    { io: 400, signal: 'wiperSpeed', scale: 1, offset: 0, signed: false },
  ]);

  it('takes the GPS element with a fix, in mph, with altitude and satellites as unknown signals', () => {
    const reading = readingOfRecord(record([]), profile, none());
    expect(reading).toEqual({
      ts: 1_795_000_000_000,
      gpsLat: 41.8781,
      gpsLong: -87.6298,
      heading: 271,
      speed: 50 / 1.609344,
      altitude: 181,
      satellites: 7,
    });
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

describe('records of a layout seen before', () => {
  it('read the same as the first ones, whatever their values, as layouts alternate and change', () => {
    const profile = compileProfile([
      { io: 66, signal: 'battery12v', scale: 0.001, offset: 0, signed: false },
      { io: 200, signal: 'vehicleCurrent', scale: 0.1, offset: 0, signed: true },
      { io: 239, signal: 'ignition', scale: 1, offset: 0, signed: false },
      { io: 300, signal: 'cell1', scale: 0.001, offset: 0, signed: false },
      { io: 301, signal: 'cell2', scale: 0.001, offset: 0, signed: false },
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
        ts: 1_795_000_000_000 + n,
        gpsLat: 41.8781,
        gpsLong: -87.6298,
        heading: 271,
        speed: n / 1.609344,
        altitude: 181,
        satellites: 7,
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
