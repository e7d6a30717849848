import { describe, expect, it } from 'vitest';
import { oneWriteAtATime } from '../../src/lib/one-write-at-a-time.js';

/** Writes that finish when the test says so, each recording what was changed when it started. */
function controlledWrites() {
  let changed = 0;
  const writes: { took: number; finish: (err?: Error) => void }[] = [];
  const written: number[] = [];
  const write = () =>
    new Promise<void>((resolve, reject) => {
      const took = changed;
      writes.push({
        took,
        finish: (err) => {
          if (err) return reject(err);
          written.push(took);
          resolve();
        },
      });
    });
  return { change: () => ++changed, write, writes, written };
}

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
};

describe('one write at a time', () => {
  it('answers a call made during a write only once a write started after it has finished', async () => {
    const c = controlledWrites();
    const persist = oneWriteAtATime(c.write);
    c.change();
    const first = persist();
    await settled(first);
    expect(c.writes.map((w) => w.took)).toEqual([1]);

    c.change();
    const second = persist();
    const third = persist(); // made meanwhile: shares the second
    expect(third).toBe(second);
    c.writes[0].finish();
    await first;
    expect(await settled(second)).toBe(false); // the first's write did not hold change 2
    expect(c.writes.map((w) => w.took)).toEqual([1, 2]);
    c.writes[1].finish();
    await second;
    expect(c.written).toEqual([1, 2]);
  });

  it('passes a failed write to its callers and starts the next one all the same', async () => {
    const c = controlledWrites();
    const persist = oneWriteAtATime(c.write);
    const first = persist();
    await settled(first);
    const second = persist();
    c.writes[0].finish(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settled(second);
    expect(c.writes).toHaveLength(2);
    c.writes[1].finish();
    await expect(second).resolves.toBeUndefined();
  });
});
