import { describe, expect, it } from 'vitest';
import { writeVehicleRows } from '../../src/db/batches.js';

const sqlError = (code: string) => Object.assign(new Error(`sql ${code}`), { cause: { code } });

/** A table of rows keyed by vehicle, refusing the vehicles that are gone, as a foreign key does. */
function table(gone: Set<number>, failOnce?: { atRow: number; code: string }) {
  const stored: number[] = [];
  let statements = 0;
  const write = async (batch: number[]) => {
    statements++;
    if (failOnce && batch.includes(failOnce.atRow)) {
      const code = failOnce.code;
      failOnce = undefined;
      throw sqlError(code);
    }
    if (batch.some((v) => gone.has(v))) throw sqlError('23503');
    stored.push(...batch);
  };
  return { stored, write, statements: () => statements };
}

describe('writeVehicleRows', () => {
  const rows = Array.from({ length: 2500 }, (_, i) => i);

  it('writes a thousand rows per statement', async () => {
    const t = table(new Set());
    await writeVehicleRows(rows, t.write);
    expect(t.stored).toEqual(rows);
    expect(t.statements()).toBe(3);
  });

  it('skips the rows of deleted vehicles and keeps every other row', async () => {
    const t = table(new Set([5, 1500]));
    await writeVehicleRows(rows, t.write);
    expect(t.stored).toEqual(rows.filter((v) => v !== 5 && v !== 1500));
  });

  it('hands back exactly the rows not written when another failure stops it', async () => {
    const t = table(new Set(), { atRow: 1200, code: '57014' });
    const kept: number[] = [];
    await expect(writeVehicleRows(rows, t.write, (unwritten) => kept.push(...unwritten))).rejects.toThrow('57014');
    expect(t.stored).toEqual(rows.slice(0, 1000));
    expect(kept).toEqual(rows.slice(1000));
  });

  it('hands back the rest of a batch being written row by row when a row fails otherwise', async () => {
    const t = table(new Set([10]));
    const kept: number[] = [];
    let calls = 0;
    const write = async (batch: number[]) => {
      if (batch.length === 1 && batch[0] === 20 && calls++ === 0) throw sqlError('08006');
      await t.write(batch);
    };
    await expect(writeVehicleRows(rows, write, (unwritten) => kept.push(...unwritten))).rejects.toThrow('08006');
    expect(t.stored).toEqual(rows.slice(0, 20).filter((v) => v !== 10));
    expect(kept).toEqual(rows.slice(20));
  });
});
