/** The parse thread (parse-thread.ts): reads each batch of messages it is sent and sends back what it read, packed. */
import { parentPort } from 'node:worker_threads';
import { packBatch } from './parsed-pack.js';

parentPort!.on('message', ({ bytes, ends }: { bytes: Uint8Array; ends: Uint32Array }) => {
  const packed = packBatch(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), ends, Date.now());
  parentPort!.postMessage(packed, [packed.numbers.buffer]);
});
