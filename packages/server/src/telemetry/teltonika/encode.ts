/**
 * Teltonika frames written as a device (and, for commands, the server) writes them: the device
 * simulator, the ingestion benchmark and the tests build their packets here; evfleet's listener
 * uses only the command and acknowledgement frames.
 */
import type { AvlRecord } from './codec.js';
import { crc16 } from './crc16.js';
import {
  CODEC_8E,
  CODEC_12,
  HEADER_BYTES,
  CRC_BYTES,
  MIN_DATA_BYTES,
  COMMAND_OVERHEAD,
  RECORD_FIXED_BYTES,
  TWO_32,
} from './frame-layout.js';

/**
 * Writes `value` as `length` big-endian bytes: the low four from the value's low 32 bits, the next
 * four from its high 32 (two's complement for a negative value), any further ones left zero.
 */
function writeValue(buf: Buffer, p: number, length: number, value: number): void {
  const v = Number.isFinite(value) ? Math.trunc(value) : 0;
  const high = Math.floor(v / TWO_32);
  const low = v - high * TWO_32;
  for (let k = 0; k < length && k < 8; k++) {
    const word = k < 4 ? low : high;
    buf[p + length - 1 - k] = (word >>> (8 * (k & 3))) & 0xff;
  }
}

const FIXED_SIZES = [1, 2, 4, 8];
const isFixed = (length: number) => length === 1 || length === 2 || length === 4 || length === 8;

function recordBytes(record: AvlRecord, wide: boolean): number {
  const idBytes = wide ? 2 : 1;
  let n = RECORD_FIXED_BYTES + 6 * idBytes + (wide ? 2 : 0);
  for (const e of record.io) {
    if (!wide && !isFixed(e.length)) throw new RangeError(`Codec 8 has no NX group for a value of ${e.length} bytes`);
    n += isFixed(e.length) ? idBytes + e.length : 4 + e.length;
  }
  return n;
}

/** A whole AVL frame (preamble, length, codec, count, records, count, CRC) — used by the device simulator, the benchmark and tests. Codec 8 writes 1-byte ids/counts and only 1/2/4/8-byte values (the element's length); 8E writes 2-byte ids/counts and puts elements whose length is not 1/2/4/8 in the NX group. Values are written from `value` (unsigned; for 8-byte values, from a double, precise below 2^53). */
export function encodeAvl(codec: 0x08 | 0x8e, records: AvlRecord[]): Buffer {
  const wide = codec === CODEC_8E;
  if (records.length > 255) throw new RangeError(`${records.length} records do not fit one frame's 1-byte count`);
  let length = MIN_DATA_BYTES;
  for (const record of records) length += recordBytes(record, wide);
  const buf = Buffer.alloc(HEADER_BYTES + length + CRC_BYTES);
  buf.writeUInt32BE(length, 4);
  buf[8] = codec;
  buf[9] = records.length;
  let p = 10;
  const writeId = (n: number) => {
    if (wide) buf.writeUInt16BE(n, p);
    else buf.writeUInt8(n, p);
    p += wide ? 2 : 1;
  };
  for (const r of records) {
    writeValue(buf, p, 8, r.timestamp);
    buf.writeUInt8(r.priority, p + 8);
    buf.writeInt32BE(Math.round(r.longitude * 1e7), p + 9);
    buf.writeInt32BE(Math.round(r.latitude * 1e7), p + 13);
    buf.writeInt16BE(Math.round(r.altitude), p + 17);
    buf.writeUInt16BE(Math.round(r.angle), p + 19);
    buf.writeUInt8(r.satellites, p + 21);
    buf.writeUInt16BE(Math.round(r.speed), p + 22);
    p += RECORD_FIXED_BYTES;
    writeId(r.eventIoId);
    writeId(r.io.length);
    for (const size of FIXED_SIZES) {
      const group = r.io.filter((e) => e.length === size);
      writeId(group.length);
      for (const e of group) {
        writeId(e.id);
        writeValue(buf, p, size, e.value);
        p += size;
      }
    }
    if (wide) {
      const variable = r.io.filter((e) => !isFixed(e.length));
      writeId(variable.length);
      for (const e of variable) {
        writeId(e.id);
        writeId(e.length);
        writeValue(buf, p, e.length, e.value);
        p += e.length;
      }
    }
  }
  buf[p] = records.length;
  buf.writeUInt16BE(crc16(buf, HEADER_BYTES, HEADER_BYTES + length), HEADER_BYTES + length + 2);
  return buf;
}

/** A Codec 12 frame: type 0x05 (server command) or 0x06 (device response) with its text. */
export function encodeCommand(type: 0x05 | 0x06, text: string): Buffer {
  const size = Buffer.byteLength(text);
  const length = COMMAND_OVERHEAD + size;
  const buf = Buffer.alloc(HEADER_BYTES + length + CRC_BYTES);
  buf.writeUInt32BE(length, 4);
  buf[8] = CODEC_12;
  buf[9] = 1;
  buf[10] = type;
  buf.writeUInt32BE(size, 11);
  buf.write(text, 15);
  buf[15 + size] = 1;
  buf.writeUInt16BE(crc16(buf, HEADER_BYTES, HEADER_BYTES + length), HEADER_BYTES + length + 2);
  return buf;
}

/** The four-byte answer to an AVL packet: how many of its records the server accepted. */
export function encodeAck(count: number): Buffer {
  const buf = Buffer.alloc(4);
  buf.writeUInt32BE(count);
  return buf;
}

/** The handshake frame a device sends (length + IMEI ASCII). */
export function encodeHandshake(imei: string): Buffer {
  const buf = Buffer.alloc(2 + imei.length);
  buf.writeUInt16BE(imei.length);
  buf.write(imei, 2, 'latin1');
  return buf;
}
