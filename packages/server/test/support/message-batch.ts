/**
 * Messages in one batch, as the parse thread is sent them: their bytes one after another and a
 * zero byte, and where each ends.
 */
export function batchOf(payloads: (Buffer | string)[]) {
  const parts = payloads.map((m) => Buffer.from(m));
  const ends = new Uint32Array(parts.length);
  parts.reduce((at, part, i) => (ends[i] = at + part.length), 0);
  return { bytes: Buffer.concat([...parts, Buffer.alloc(1)]), ends };
}
