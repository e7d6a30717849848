/** The parse thread (parse-thread.ts): reads each batch of messages it is sent and sends back what it read, packed. */
import { parentPort } from 'node:worker_threads';
import { parseMessage } from './message.js';
import { packBatch } from './parsed-pack.js';

/** Buffers of numbers the main thread has unpacked and given back, for the next batches' (spareBuffer). */
const spares: ArrayBuffer[] = [];

parentPort!.on('message', (batch: { bytes: Uint8Array<ArrayBuffer>; ends: Uint32Array; spares: ArrayBuffer[] }) => {
  const { bytes, ends } = batch;
  spares.push(...batch.spares);
  const packed = packBatch(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
    ends,
    Date.now(),
    parseMessage,
    spares,
  );
  // The messages' buffer goes back too, for the main thread's next hand-over.
  parentPort!.postMessage({ ...packed, input: bytes.buffer }, [packed.numbers.buffer, bytes.buffer]);
});
