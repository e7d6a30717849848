/**
 * What handing messages to the parse thread costs (telemetry/parse-thread.ts), by how many go over
 * together: the ingestion benchmark's device message given to the parse thread in groups of 1, 60
 * (what one 64 KiB read of an external broker's socket holds) and 512 (the thread's
 * HAND_OVER_MESSAGES), each group once the previous one is read: 2,000 groups, or MESSAGES
 * messages if fewer (a group smaller than 512 waits the thread's HAND_OVER_MS before it goes).
 * Prints the process's CPU per message, both threads and the kernel included, and per hand-over
 * above what the messages cost in the largest groups. No goal: the figures say why messages wait
 * for others (docs/performance.md, "Hand-over to the parse thread and a reading's steps").
 */
import { createParseThread } from '../packages/server/src/telemetry/parse-thread.js';
import { reading } from './support/device-reading.js';

const MESSAGES = Number(process.env.MESSAGES ?? 200_000);
const GROUPS = [1, 60, 512];

const thread = createParseThread();
const payload = Buffer.from(JSON.stringify(reading(Date.now(), 0)));

/** Gives `count` messages in groups of `group`, each group once the last is read; resolves with the process's CPU µs. */
async function run(count: number, group: number): Promise<number> {
  const before = process.cpuUsage();
  for (let given = 0; given < count; given += group) {
    const size = Math.min(group, count - given);
    await new Promise<void>((resolve, reject) => {
      let left = size;
      for (let i = 0; i < size; i++)
        thread.parse(payload, (m) => {
          if (m instanceof Error || !m.ok) return reject(m instanceof Error ? m : new Error(m.detail));
          if (--left === 0) resolve();
        });
    });
  }
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

await run(20_000, 60); // warm-up: both threads' code compiled
const perMessage = new Map<number, number>();
for (const group of GROUPS) {
  const count = Math.min(MESSAGES, group * 2000);
  perMessage.set(group, (await run(count, group)) / count);
}
const base = perMessage.get(GROUPS.at(-1)!)!;
console.log(`parse thread hand-over, messages of ${payload.length} bytes:`);
for (const group of GROUPS) {
  const us = perMessage.get(group)!;
  const overhead = group === GROUPS.at(-1) ? '' : `, about ${((us - base) * group).toFixed(0)} µs a hand-over`;
  console.log(`  ${String(group).padStart(3)} a hand-over: ${us.toFixed(2)} µs of CPU a message${overhead}`);
}
await thread.close();
