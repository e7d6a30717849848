/** The parse thread (parse-thread.ts): reads each batch of messages it is sent and sends back what it read, packed. */
import { parentPort } from 'node:worker_threads';
import { parseMessage, type MessageParse } from './message.js';
import { packMessages } from './parsed-pack.js';

parentPort!.on('message', ({ bytes, ends }: { bytes: Uint8Array; ends: Uint32Array }) => {
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const now = Date.now();
  const messages: (MessageParse | Error)[] = [];
  for (let i = 0, start = 0; i < ends.length; start = ends[i++]) {
    // A message that makes the checks throw (a bug) fails alone, as it would on the main thread:
    // the thread, and the other devices' messages it holds, go on.
    try {
      messages.push(parseMessage(all.subarray(start, ends[i]), now));
    } catch (err) {
      messages.push(err instanceof Error ? err : new Error(String(err)));
    }
  }
  const packed = packMessages(messages);
  parentPort!.postMessage(packed, [packed.numbers.buffer]);
});
