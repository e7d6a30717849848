/**
 * The records of a zip archive written entry by entry (zip-stream.ts): each entry's sizes follow
 * its content in a data descriptor, and the central directory lists them at the end. Deflate,
 * UTF-8 names, every entry dated 1980-01-01 00:00.
 */
export interface ZipEntry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** An entry's local header and name, before its content. */
export function localHeader(name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor, UTF-8 names
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt16LE(0, 10); // time 00:00
  header.writeUInt16LE(0x21, 12); // date 1980-01-01
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** An entry's CRC and sizes, after its content. */
export function dataDescriptor(entry: ZipEntry): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc >>> 0, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

/** An entry's record in the central directory, with its name. */
export function centralHeader(e: ZipEntry): Buffer {
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
  return Buffer.concat([h, e.name]);
}

/** The end of the central directory: its entries, its size and where it starts. */
export function endOfDirectory(entries: number, size: number, start: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(start, 16);
  return end;
}
