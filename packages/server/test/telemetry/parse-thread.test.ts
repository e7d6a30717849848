import { TELEMETRY_LIMITS } from '@evfleet/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMessage, type MessageParse } from '../../src/telemetry/message.js';
import { createParseThread, HAND_OVER_MESSAGES, type ParseThread } from '../../src/telemetry/parse-thread.js';
import { packBatch, unpackMessages } from '../../src/telemetry/parsed-pack.js';
import { batchOf } from '../support/message-batch.js';

const now = Date.now();
const cells = Array.from({ length: 32 }, (_, i) => 3.2 + i / 100);
/** Every kind of message the protocol knows, each read as parseMessage reads it. */
const messages: (Buffer | string)[] = [
  JSON.stringify({ ts: now, speed: 12.5, batteryCharge: 80, cells }),
  JSON.stringify({ ts: now, gear: 1 }),
  JSON.stringify({ ts: now, cells: [] }),
  JSON.stringify([
    { ts: now - 2, speed: 1 },
    { ts: now - 1, speed: 2, cells: [3.3] },
  ]),
  JSON.stringify({ readings: [{ ts: now, speed: 1 }, { ts: 'never' }] }),
  JSON.stringify({ ts: now, speed: 999_999, tyrePressure: 2.2 }),
  JSON.stringify({ ts: now, cells: [3.3, 1000] }),
  JSON.stringify([]),
  '{"ts": ',
  '42',
  JSON.stringify(Array.from({ length: TELEMETRY_LIMITS.maxBatch + 1 }, () => ({ ts: now }))),
  Buffer.from(JSON.stringify({ ts: now, cabinTemp: 21, note: 'ünïcode' })),
];
const inline = (m: Buffer | string) => parseMessage(m, now);

describe('messages packed for the trip between threads', () => {
  it('come back as they were read, plain readings as numbers and the rest as they are', () => {
    const { bytes, ends } = batchOf(messages);
    const packed = packBatch(bytes, ends, now);
    expect(unpackMessages(packed)).toEqual(messages.map(inline));
    // Only the messages with a refusal, a dropped value or an unknown signal travel as objects.
    expect(packed.others).toHaveLength(8);
  });

  it('carry the error of a message whose parsing threw in its place, the others unharmed', () => {
    const { bytes, ends } = batchOf([messages[0], 'boom', messages[3]]);
    const read = (payload: Buffer | string, at: number) => {
      if (payload.toString() === 'boom') throw new Error('a bug in the checks');
      return parseMessage(payload, at);
    };
    const back = unpackMessages(structuredClone(packBatch(bytes, ends, now, read)));
    expect(back[1]).toBeInstanceOf(Error);
    expect((back[1] as Error).message).toBe('a bug in the checks');
    expect([back[0], back[2]]).toEqual([inline(messages[0]), inline(messages[3])]);
  });
});

describe('the parse thread', () => {
  let thread: ParseThread;
  afterEach(() => thread.close());
  /** What the thread tells of a message, as a promise. */
  const read = (payload: Buffer | string) =>
    new Promise<MessageParse>((resolve, reject) =>
      thread.parse(payload, (m) => (m instanceof Error ? reject(m) : resolve(m))),
    );

  it('reads every message as the main thread would, in the order sent', async () => {
    thread = createParseThread();
    const all: MessageParse[] = await Promise.all(messages.map(read));
    // The thread checks the times against its own clock, a moment later.
    expect(all).toEqual(messages.map(inline));
  });

  it('says how busy it was since the last look, and nothing before it starts', async () => {
    thread = createParseThread();
    expect(thread.utilization()).toBeNull();
    await read(messages[0]);
    const busy = thread.utilization();
    expect(busy).toBeGreaterThanOrEqual(0);
    expect(busy).toBeLessThanOrEqual(1);
  });

  it('refuses a message too large without sending it over', () => {
    thread = createParseThread();
    const huge = 'x'.repeat(TELEMETRY_LIMITS.maxMessageBytes + 1);
    let told: MessageParse | Error | undefined;
    thread.parse(huge, (m) => (told = m));
    expect(told).toMatchObject({ ok: false, reason: 'too_large' });
    expect(thread.utilization()).toBeNull();
  });

  it('hands messages over together: a full group at once, fewer once they have waited', async () => {
    thread = createParseThread();
    const group = Array.from({ length: HAND_OVER_MESSAGES }, () => read(messages[0]));
    expect(thread.stats).toEqual({ handOvers: 1, messages: HAND_OVER_MESSAGES });
    await Promise.all(group);
    const few = [read(messages[0]), read(messages[1])];
    expect(thread.stats.handOvers).toBe(1);
    expect(await Promise.all(few)).toEqual([inline(messages[0]), inline(messages[1])]);
    expect(thread.stats).toEqual({ handOvers: 2, messages: HAND_OVER_MESSAGES + 2 });
  });

  it('reads each hand-over alone, though the buffers go back and forth between the threads', async () => {
    thread = createParseThread();
    const long = JSON.stringify({ ts: now, speed: 1234, cells });
    const cut = `{"ts":${now},"speed":1`; // the start of a message like the one before, no end
    expect(await read(long)).toEqual(inline(long));
    // In the buffer the last hand-over used, the rest of the message before ("234,...") follows it.
    expect(await read(cut)).toEqual(inline(cut));
    expect(inline(cut)).toMatchObject({ ok: false });
    const again = [read(messages[1]), read(long), read(messages[2])];
    expect(await Promise.all(again)).toEqual([messages[1], long, messages[2]].map(inline));
    expect(thread.stats.handOvers).toBe(3);
  });

  it('fails what a stopped thread held or was gathering, and starts another for the next message', async () => {
    thread = createParseThread();
    await read(messages[0]);
    const held = Promise.allSettled(Array.from({ length: HAND_OVER_MESSAGES }, () => read(messages[1])));
    const gathering = read(messages[1]).catch((err: Error) => err);
    await thread.close();
    for (const r of await held)
      expect(r).toMatchObject({
        status: 'rejected',
        reason: { message: expect.stringMatching(/the parse thread stopped/) },
      });
    expect(await gathering).toMatchObject({ message: 'the parse thread was closed' });
    expect(await read(messages[1])).toEqual(inline(messages[1]));
  });
});
