import { Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { zipBuffer, zipStream } from '../../src/lib/xlsx-writer/zip-stream.js';

/** The archive of the files, each written in pieces of `piece` bytes. */
async function archive(files: [string, Buffer][], piece = 65_536, level?: number) {
  const parts: Buffer[] = [];
  const out = new Writable({
    write: (chunk: Buffer, _encoding, done) => void setImmediate(() => (parts.push(chunk), done())),
  });
  const zip = zipStream(out, level);
  for (const [name, content] of files) {
    const entry = await zip.entry(name);
    for (let at = 0; at < content.length; at += piece) await entry.write(content.subarray(at, at + piece));
    await entry.close();
  }
  await zip.finish();
  return { bytes: Buffer.concat(parts), writes: parts.length };
}

/**
 * Every entry as yauzl reads it (sizes checked against the inflated bytes), with the CRC and
 * sizes of the central directory and of the data descriptor after the entry's data.
 */
async function entries(bytes: Buffer) {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  const read: { name: string; content: Buffer; crc: number; size: number; descriptor: number[] }[] = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    const dataStart =
      entry.relativeOffsetOfLocalHeader + 30 + bytes.readUInt16LE(entry.relativeOffsetOfLocalHeader + 26);
    const d = dataStart + entry.compressedSize;
    read.push({
      name: entry.fileName,
      content: Buffer.concat(chunks),
      crc: entry.crc32,
      size: entry.uncompressedSize,
      descriptor: [
        bytes.readUInt32LE(d),
        bytes.readUInt32LE(d + 4),
        bytes.readUInt32LE(d + 8),
        bytes.readUInt32LE(d + 12),
      ],
    });
    expect(read.at(-1)!.descriptor).toEqual([0x08074b50, entry.crc32, entry.compressedSize, entry.uncompressedSize]);
  }
  zip.close();
  return read;
}

/** Text that deflates poorly enough to take many deflater chunks. */
const noisy = (bytes: number) => {
  const text = Buffer.alloc(bytes);
  for (let i = 0, seed = 3; i < bytes; i++) text[i] = 33 + ((seed = (seed * 48271) % 0x7fffffff) % 90);
  return text;
};

describe('the zip writer, read by yauzl', () => {
  it('writes empty, small, UTF-8-named and multi-megabyte entries with their CRC and sizes', async () => {
    const files: [string, Buffer][] = [
      ['empty.txt', Buffer.alloc(0)],
      ['a.xml', Buffer.from('<a>&amp;</a>')],
      ['földer/😀 name.txt', Buffer.from('ünïcode content')],
      ['big.bin', noisy(3_000_000)],
    ];
    const { bytes, writes } = await archive(files);
    expect(writes).toBeGreaterThan(20); // streamed in many chunks, not built whole
    const read = await entries(bytes);
    expect(read.map((e) => e.name)).toEqual(files.map(([name]) => name));
    for (const [i, [, content]] of files.entries()) {
      expect(read[i].content.equals(content)).toBe(true);
      expect(read[i].size).toBe(content.length);
      expect(read[i].crc).toBe(crc32(content));
    }
  });

  it('gives the same entries at level 0, in one piece or a byte at a time', async () => {
    const content = noisy(5_000);
    for (const piece of [1, 5_000]) {
      const [entry] = await entries((await archive([['x', content]], piece, 0)).bytes);
      expect(entry.content.equals(content)).toBe(true);
      expect(entry.crc).toBe(crc32(content));
    }
  });

  it('writes an archive of no entries, and one in memory of given files', async () => {
    expect(await entries((await archive([])).bytes)).toEqual([]);
    const files = new Map([
      ['one', Buffer.from('1')],
      ['two', Buffer.from('22')],
    ]);
    const read = await entries(await zipBuffer(files));
    expect(read.map((e) => [e.name, e.content.toString()])).toEqual([
      ['one', '1'],
      ['two', '22'],
    ]);
  });
});
