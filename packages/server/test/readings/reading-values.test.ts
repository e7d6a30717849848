import { describe, expect, it } from 'vitest';
import { parseReading, SIGNAL_INDEX, signalOf, STORED_SIGNALS, valuesFrom } from '../../src/readings/reading.js';

const now = Date.UTC(2026, 10, 27, 6, 0);
/** The signals present in values, by name. */
const signalsOf = (values: readonly number[]) =>
  Object.fromEntries(STORED_SIGNALS.flatMap((k, i) => (Number.isNaN(values[i]) ? [] : [[k, values[i]]])));

describe("a reading's values", () => {
  it('holds each known signal in its place and NaN where the reading has none', () => {
    const parsed = parseReading({ ts: now, speed: 12.5, chargeStatus: true, gpsLat: 41.9, motorTemp: 99_999 }, now);
    if (!parsed.ok) throw new Error(parsed.detail);
    const { values } = parsed.reading;
    expect(values).toHaveLength(STORED_SIGNALS.length);
    expect(values[SIGNAL_INDEX.speed]).toBe(12.5);
    expect(signalOf(values, 'chargeStatus')).toBe(1);
    // Out of its physical range: left out, as if the reading had not carried it.
    expect(signalOf(values, 'motorTemp')).toBeUndefined();
    expect(parsed.dropped?.map((d) => d.signal)).toEqual(['motorTemp']);
    expect(signalsOf(values)).toEqual({ speed: 12.5, chargeStatus: 1, gpsLat: 41.9 });
    expect(values.filter((v) => !Number.isNaN(v))).toHaveLength(3);
  });

  it('is made from signals by name, nulls and unknown names left out', () => {
    const values = valuesFrom({ odometer: 10, heading: 0, speed: null, nonsense: 5 });
    expect(signalsOf(values)).toEqual({ odometer: 10, heading: 0 });
    expect(signalOf(values, 'speed')).toBeUndefined();
    expect(signalsOf(valuesFrom({}))).toEqual({});
  });
});
