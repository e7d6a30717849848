import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32, createDeflateRaw } from 'node:zlib';

const MAX_32 = 0xffffffff;

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/**
 * A zip archive written entry by entry straight to a stream: each entry is deflated as it is
 * written and its sizes follow it in a data descriptor, so nothing is held but the deflater's
 * window. Entries and the archive stay under 4 GiB (no ZIP64); a larger one fails loudly.
 */
export function zipStream(out: Writable, level = 1) {
  const entries: Entry[] = [];
  let offset = 0;

  /** Waits for the reader; fails if the stream closes first (a download cancelled), which would never drain. */
  const drainedOut = () =>
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
  const write = async (chunk: Buffer) => {
    if (out.destroyed) throw new Error('The stream closed before the archive ended');
    offset += chunk.length;
    if (!out.write(chunk)) await drainedOut();
  };

  return {
    /** Starts an entry; returns a writer for its content that must be closed before the next entry. Each write resolves once its content is deflated. */
    async entry(name: string) {
      const entry: Entry = { name: Buffer.from(name, 'utf8'), offset, crc: 0, compressed: 0, size: 0 };
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4); // version needed
      header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor, UTF-8 names
      header.writeUInt16LE(8, 8); // deflate
      header.writeUInt16LE(0, 10); // time 00:00
      header.writeUInt16LE(0x21, 12); // date 1980-01-01
      header.writeUInt16LE(entry.name.length, 26);
      await write(Buffer.concat([header, entry.name]));

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
          const descriptor = Buffer.alloc(16);
          descriptor.writeUInt32LE(0x08074b50, 0);
          descriptor.writeUInt32LE(entry.crc >>> 0, 4);
          descriptor.writeUInt32LE(entry.compressed, 8);
          descriptor.writeUInt32LE(entry.size, 12);
          await write(descriptor);
          entries.push(entry);
        },
      };
    },

    /** Writes the central directory and ends the stream. */
    async finish() {
      const start = offset;
      for (const e of entries) {
        const h = Buffer.alloc(46);
        h.writeUInt32LE(0x02014b50, 0);
        h.writeUInt16LE(20, 4);
        h.writeUInt16LE(20, 6);
        h.writeUInt16LE(0x0808, 8);
        h.writeUInt16LE(8, 10);
        h.writeUInt16LE(0, 12);
        h.writeUInt16LE(0x21, 14);
        h.writeUInt32LE(e.crc >>> 0, 16);
        h.writeUInt32LE(e.compressed, 20);
        h.writeUInt32LE(e.size, 24);
        h.writeUInt16LE(e.name.length, 28);
        h.writeUInt32LE(e.offset, 42);
        await write(Buffer.concat([h, e.name]));
      }
      if (offset > MAX_32) throw new Error('zip archive over 4 GiB');
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      out.end(end);
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
