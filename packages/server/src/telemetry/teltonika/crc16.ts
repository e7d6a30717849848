/** The CRC of Teltonika's frames: CRC-16/IBM over the data field (codec to the second count). */
/**
 * CRC tables for slicing by 8: table t gives the CRC of a byte followed by t zero bytes, so eight
 * bytes take eight lookups and no dependent shifts. Over a full frame it is three times as fast as
 * the one-table loop, which took half of the time a record's decoding takes.
 */
const CRC_TABLES = (() => {
  const table = new Uint16Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[n] = c;
  }
  for (let t = 1; t < 8; t++) {
    for (let n = 0; n < 256; n++) {
      const previous = table[(t - 1) * 256 + n];
      table[t * 256 + n] = (previous >>> 8) ^ table[previous & 0xff];
    }
  }
  return table;
})();

/** CRC-16/IBM (poly 0xA001 reflected, init 0) over buf[start, end). Table-driven. */
export function crc16(buf: Buffer, start: number, end: number): number {
  const t = CRC_TABLES;
  let crc = 0;
  let i = Math.max(start, 0);
  const stop = Math.min(end, buf.length);
  for (const last8 = stop - 7; i < last8; i += 8) {
    crc =
      t[1792 + ((crc ^ buf[i]) & 0xff)] ^
      t[1536 + (((crc >>> 8) ^ buf[i + 1]) & 0xff)] ^
      t[1280 + buf[i + 2]] ^
      t[1024 + buf[i + 3]] ^
      t[768 + buf[i + 4]] ^
      t[512 + buf[i + 5]] ^
      t[256 + buf[i + 6]] ^
      t[buf[i + 7]];
  }
  for (; i < stop; i++) crc = (crc >>> 8) ^ t[(crc ^ buf[i]) & 0xff];
  return crc;
}
