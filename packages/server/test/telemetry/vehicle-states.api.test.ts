import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { valuesFrom, type StoredSignal } from '../../src/readings/reading.js';
import { createVehicleStates } from '../../src/telemetry/vehicle-states.js';
import { DATABASE_KINDS, freshDatabase } from '../support/databases.js';

const row = (ts: number, signals: Partial<Record<StoredSignal, number>>, cells: number[] | null = null) => ({
  vehicleId: 7,
  reading: { ts, values: valuesFrom(signals), cells, extra: null },
});

describe.each(DATABASE_KINDS)('vehicle states on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  }, 60_000);
  afterAll(() => database?.close());

  it("keeps each signal's newest value, whichever reading of a batch carried it", async () => {
    const states = createVehicleStates(database.db);
    // Out of order on purpose: a batch's readings are applied in reading-time order.
    await states.apply([
      row(3000, { speed: 30, gpsLat: 41.1, gpsLong: -87.1 }),
      row(1000, { speed: 10, batteryCharge: 80, odometer: 5 }, [3.3]),
      row(2000, { speed: 20, batteryCharge: 79 }),
    ]);
    const state = states.get(7)!;
    // speed from the newest, the charge from the newest that had one, the odometer from the only one.
    expect(state.values).toEqual({ speed: 30, gpsLat: 41.1, gpsLong: -87.1, batteryCharge: 79, odometer: 5 });
    expect(state.cells).toEqual([3.3]);
    expect(state).toMatchObject({ lastReported: 3000, canLastReported: 2000, gpsLastReported: 3000 });

    // A late batch fills in history but replaces no newer value.
    await states.apply([row(1500, { speed: 15, batteryCharge: 81, motorTemp: 90 }), row(2500, { throttle: 5 })]);
    expect(states.get(7)!.values).toEqual({
      speed: 30,
      gpsLat: 41.1,
      gpsLong: -87.1,
      batteryCharge: 79,
      odometer: 5,
    });
    expect(states.get(7)!.lastReported).toBe(3000);

    // A newer batch whose last reading lacks a signal keeps that signal from the one before it.
    await states.apply([row(4000, { speed: 40, motorTemp: 95 }), row(5000, { speed: 50 })]);
    expect(states.get(7)!.values).toMatchObject({ speed: 50, motorTemp: 95, batteryCharge: 79 });
    expect(states.get(7)!.lastReported).toBe(5000);
  });
});
