import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noValues, type Reading } from '../../src/readings/reading.js';
import { applyReading, unknownState, valuesOf } from '../../src/telemetry/vehicle-state.js';

const row = (ts: number, extra: Record<string, number> | null, extraKeys?: object) => {
  const reading: Reading = { ts, values: noValues(), cells: null, extra };
  if (extraKeys) reading.extraKeys = extraKeys;
  return { vehicleId: 1, reading };
};

describe('unknown signals in a vehicle state', () => {
  /** Two tracker layouts: their keys, and the token their readings carry. */
  const layouts = [
    { keys: ['altitude', 'satellites', 'io1'], token: {} },
    { keys: ['altitude', 'io2'], token: {} },
  ];
  const made = (layout: number, values: number[]) =>
    Object.fromEntries(layouts[layout].keys.map((k, i) => [k, values[i]]));

  it('hold the newest value of every name, whatever the order of tracker layouts and other readings', () => {
    const extra = fc.oneof(
      fc.tuple(fc.constant(0), fc.array(fc.integer(), { minLength: 3, maxLength: 3 })),
      fc.tuple(fc.constant(1), fc.array(fc.integer(), { minLength: 2, maxLength: 2 })),
      fc.tuple(fc.constant(2), fc.dictionary(fc.constantFrom('altitude', 'io1', 'io2', 'x'), fc.integer())),
    );
    fc.assert(
      fc.property(fc.array(extra, { maxLength: 30 }), (extras) => {
        const state = unknownState(1);
        const expected: Record<string, number> = {};
        extras.forEach(([kind, values], i) => {
          if (kind === 2) {
            const plain = { ...(values as Record<string, number>) };
            applyReading(state, row(i + 1, plain));
            Object.assign(expected, plain);
          } else {
            const extra = made(kind, values as number[]);
            applyReading(state, row(i + 1, extra, layouts[kind].token));
            Object.assign(expected, extra);
          }
        });
        expect(valuesOf(state)).toEqual(expected);
      }),
    );
  });

  it("leave a late reading's unknown signals out, as a newer value stands", () => {
    const state = unknownState(1);
    applyReading(state, row(2, made(0, [1, 2, 3]), layouts[0].token));
    applyReading(state, row(1, made(0, [9, 9, 9]), layouts[0].token));
    applyReading(state, row(3, { x: 5 }));
    expect(valuesOf(state)).toEqual({ altitude: 1, satellites: 2, io1: 3, x: 5 });
  });
});
