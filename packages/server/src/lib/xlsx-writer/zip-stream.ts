import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32, createDeflateRaw } from 'node:zlib';
import { centralHeader, dataDescriptor, endOfDirectory, localHeader, type ZipEntry } from './zip-records.js';

const MAX_32 = 0xffffffff;

/** Waits for the reader; fails if the stream closes first (a download cancelled), which would never drain. */
const drainedOut = (out: Writable) =>
  new Promise<void>((resolve, reject) => {
    const settle = (err?: Error) => {
      out.off('drain', onDrain).off('close', onClose).off('error', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('The stream closed before the archive ended'));
    out.on('drain', onDrain).on('close', onClose).on('error', onClose);
  });

/**
 * A zip archive written entry by entry straight to a stream: each entry is deflated as it is
 * written and its sizes follow it in a data descriptor, so nothing is held but the deflater's
 * window. Entries and the archive stay under 4 GiB (no ZIP64); a larger one fails loudly.
 */
export function zipStream(out: Writable, level = 1) {
  const entries: ZipEntry[] = [];
  let offset = 0;

  const write = async (chunk: Buffer) => {
    if (out.destroyed) throw new Error('The stream closed before the archive ended');
    offset += chunk.length;
    if (!out.write(chunk)) await drainedOut(out);
  };

  return {
    /** Starts an entry; returns a writer for its content that must be closed before the next entry. Each write resolves once its content is deflated. */
    async entry(name: string) {
      const entry: ZipEntry = { name: Buffer.from(name, 'utf8'), offset, crc: 0, compressed: 0, size: 0 };
      await write(localHeader(entry.name));

      const deflate = createDeflateRaw({ level });
      const drained = (async () => {
        for await (const chunk of deflate) {
          entry.compressed += (chunk as Buffer).length;
          await write(chunk as Buffer);
        }
      })();
      // Awaited in close(); until then a failure (the stream closed) ends the pending write instead,
      // since the deflater, no longer read, would never take the chunk.
      const failed = new Promise<never>((_, reject) => void drained.catch(reject));
      failed.catch(() => undefined);
      return {
        async write(content: string | Uint8Array) {
          const chunk = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
          entry.crc = crc32(chunk, entry.crc);
          entry.size += chunk.length;
          if (entry.size > MAX_32) throw new Error('xlsx entry over 4 GiB');
          // Resolved once deflated, so the caller may reuse the chunk's memory.
          await Promise.race([
            new Promise<void>((resolve, reject) => deflate.write(chunk, (err) => (err ? reject(err) : resolve()))),
            failed,
          ]);
        },
        async close() {
          deflate.end();
          await drained;
          await write(dataDescriptor(entry));
          entries.push(entry);
        },
      };
    },

    /** Writes the central directory and ends the stream. */
    async finish() {
      const start = offset;
      for (const e of entries) await write(centralHeader(e));
      if (offset > MAX_32) throw new Error('zip archive over 4 GiB');
      out.end(endOfDirectory(entries.length, offset - start, start));
      await once(out, 'finish');
    },
  };
}

/** A zip archive in memory of the given files, stored as they are (level 0): for a reader that wants an archive. */
export async function zipBuffer(files: ReadonlyMap<string, Uint8Array>): Promise<Buffer> {
  const out = new PassThrough();
  const archive = buffer(out);
  const zip = zipStream(out, 0);
  for (const [name, content] of files) {
    const part = await zip.entry(name);
    await part.write(content);
    await part.close();
  }
  await zip.finish();
  return archive;
}
