import { createRequire } from 'node:module';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { TELEMETRY_LIMITS } from '@evfleet/domain';
import { parseMessage, type MessageParse } from './message.js';
import { spareBuffer, unpackMessages, type PackedMessages } from './parsed-pack.js';

/**
 * What the thread parses is garbage by the end of its batch: the main thread's large young
 * generation (SERVER_NODE_FLAGS) would only cost it memory.
 */
const resourceLimits = { maxYoungGenerationSizeMb: 16 };

/**
 * A hand-over wakes both threads and sends a message each way: handed over at once, 60 messages
 * at a time cost 5.5 µs of CPU a message and 512 at a time 4.4 (bench/parse-hand-over.ts). An
 * external broker's messages come on one socket, a 64 KiB read (about 60) a turn of the event
 * loop: handed over every turn, they made 700 hand-overs a second. They wait for others until this
 * many are waiting, or for HAND_OVER_MS: little beside the batch writer's 20 ms of gathering.
 */
export const HAND_OVER_MESSAGES = 512;
const HAND_OVER_MS = 2;

/** Told what a message holds, or the error that kept it from being read (the thread died, a check threw). */
export type Read = (message: MessageParse | Error) => void;

/** A new parse thread, not keeping the process alive. */
function spawnParseWorker(): Worker {
  const thread = import.meta.url.endsWith('.ts')
    ? // From the sources (tests, the dev server) the thread registers tsx to load TypeScript first.
      new Worker(
        `require(${JSON.stringify(createRequire(import.meta.url).resolve('tsx/cjs/api'))}).register();
           require(${JSON.stringify(fileURLToPath(new URL('./parse-worker.ts', import.meta.url)))});`,
        { eval: true, resourceLimits },
      )
    : new Worker(new URL('./parse-worker.js', import.meta.url), { resourceLimits });
  thread.unref();
  return thread;
}

/**
 * A hand-over as the thread takes it (parse-worker.ts): the ends, then the messages and a zero byte
 * after them that ends any number in them (the scanner's condition, scanReading), in one buffer of
 * their own, never Buffer's shared pool: the transfer takes it from this thread. `spares` go with
 * it, the numbers' buffers given back.
 */
function handOverOf(batch: (Buffer | string)[], spareInputs: ArrayBuffer[], spares: ArrayBuffer[]) {
  let total = 0;
  for (const p of batch) total += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  const buffer = spareBuffer(spareInputs, 4 * batch.length + total + 1);
  const ends = new Uint32Array(buffer, 0, batch.length);
  const bytes = Buffer.from(buffer, ends.byteLength, total + 1);
  let at = 0;
  batch.forEach((p, i) => {
    at += typeof p === 'string' ? bytes.write(p, at) : p.copy(bytes, at);
    ends[i] = at;
  });
  bytes[at] = 0;
  return { bytes, ends, spares };
}

/**
 * Messages read on a second thread, so the main one spends its time storing readings and keeping
 * their analytics (docs/performance.md, "The cost of a reading"). Messages go over together
 * (HAND_OVER_MESSAGES), copied into one transferred buffer, and come back in the order sent: a
 * device's readings keep their order. That buffer and the one they were read into go round again
 * (spareBuffer). If the thread dies, what it held fails like a storage failure (the device sends
 * it again) and the next message starts a new thread.
 */
export function createParseThread() {
  let worker: Worker | null = null;
  /** The thread's event-loop figures at the last look (diagnostics). */
  let lastLook: EventLoopUtilization | undefined;
  /** Batches sent, oldest first: the thread answers them in order. */
  const sent: Read[][] = [];
  let payloads: (Buffer | string)[] = [];
  let waiting: Read[] = [];
  let timer: NodeJS.Timeout | null = null;
  /** Buffers the thread gave back, for the next hand-overs' messages (spareBuffer). */
  const spareInputs: ArrayBuffer[] = [];
  /** The numbers of read batches, unpacked: given back to the thread with the next hand-over. */
  let spareNumbers: ArrayBuffer[] = [];
  /** Read by the ingestion bench: messages per hand-over. */
  const stats = { handOvers: 0, messages: 0 };

  const start = () => {
    const thread = spawnParseWorker();
    lastLook = undefined;
    thread.on('message', (packed: PackedMessages & { input: ArrayBuffer }) => {
      const batch = sent.shift()!;
      spareInputs.push(packed.input);
      const messages = unpackMessages(packed);
      spareNumbers.push(packed.numbers.buffer);
      messages.forEach((m, i) => batch[i](m));
    });
    const fail = (err: Error) => {
      if (worker !== thread) return;
      worker = null;
      for (const read of sent.splice(0).flat()) read(err);
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the parse thread stopped (exit code ${code})`)));
    return thread;
  };

  const stopWaiting = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const flush = () => {
    stopWaiting();
    const batch = payloads;
    stats.handOvers++;
    stats.messages += batch.length;
    const batchWaiting = waiting;
    payloads = [];
    waiting = [];
    const handOver = handOverOf(batch, spareInputs, spareNumbers);
    spareNumbers = [];
    worker ??= start();
    sent.push(batchWaiting);
    worker.postMessage(handOver, [handOver.bytes.buffer, ...handOver.spares]);
  };

  return {
    /** Reads a message and tells `read`: later, in the order messages were given (no promise a message). */
    parse(payload: Buffer | string, read: Read): void {
      // Refused by its size alone, before it is copied anywhere.
      if (payload.length > TELEMETRY_LIMITS.maxMessageBytes) return read(parseMessage(payload, Date.now()));
      payloads.push(payload);
      waiting.push(read);
      if (payloads.length >= HAND_OVER_MESSAGES) flush();
      else timer ??= setTimeout(flush, HAND_OVER_MS);
    },
    stats,
    /** How busy the thread was since the last look (0 to 1); null while none runs. */
    utilization(): number | null {
      if (!worker) return null;
      const now = worker.performance.eventLoopUtilization();
      const busy = lastLook ? worker.performance.eventLoopUtilization(now, lastLook) : now;
      lastLook = now;
      return busy.utilization;
    },
    /** Ends the thread; what it still held, or was still gathering, fails as if it had died. */
    async close() {
      stopWaiting();
      payloads = [];
      for (const read of waiting.splice(0)) read(new Error('the parse thread was closed'));
      await worker?.terminate();
    },
  };
}
export type ParseThread = ReturnType<typeof createParseThread>;
