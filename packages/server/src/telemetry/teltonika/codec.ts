/**
 * Teltonika's TCP protocol as FMB/FMC trackers speak it: the IMEI handshake, AVL data frames of
 * Codec 8 and Codec 8 Extended, and Codec 12 commands and responses, as described on
 * https://wiki.teltonika-gps.com/view/Teltonika_Data_Sending_Protocols (sections "Codec 8",
 * "Codec 8 Extended", "Codec 12" and "Communication with server").
 *
 * readFrame runs for every record of every device, so it reads the bytes where they are: no copies,
 * no DataView, no BigInt, and every read bounds-checked against the frame so that no input throws.
 */

import {
  CODEC_8,
  CODEC_8E,
  CODEC_12,
  HEADER_BYTES,
  CRC_BYTES,
  MIN_DATA_BYTES,
  COMMAND_OVERHEAD,
  RECORD_FIXED_BYTES,
  MAX_IMEI_BYTES,
  TWO_32,
} from './frame-layout.js';
import { crc16 } from './crc16.js';

/**
 * Teltonika's page (section "Codec 8", https://wiki.teltonika-gps.com/view/Teltonika_Data_Sending_Protocols#Codec_8)
 * gives, for devices other than FMB630/FMB640/FM63XY, a maximum AVL packet size of 1280 bytes. Its
 * minimum of 45 bytes (the packet's in earlier revisions of the page, the record's now) is exactly
 * a whole Codec 8 frame of one record without IO elements (preamble 4, length 4, codec 1, count 1,
 * record 30, count 1, CRC 4), so its sizes count the whole frame, preamble and CRC included.
 */
export const MAX_FRAME_BYTES = 1280;

export interface IoElement {
  id: number;
  /** Bytes of the value: 1, 2, 4, 8, or an NX element's own length (Codec 8E). */
  length: number;
  /** Unsigned big-endian value for lengths up to 8 (8 bytes above 2^53 lose precision as a double); NaN for longer NX elements. */
  value: number;
  /** The same bytes read as two's complement (lengths 1, 2, 4, 8; for other lengths <= 8 also two's complement of that many bytes); NaN when longer than 8. */
  signedValue: number;
}
export interface AvlRecord {
  /** Epoch milliseconds. */
  timestamp: number;
  priority: number;
  /** Degrees, signed (raw / 1e7). */
  longitude: number;
  latitude: number;
  /** Metres, signed 16-bit. */
  altitude: number;
  /** Degrees 0-360. */
  angle: number;
  satellites: number;
  /** km/h. */
  speed: number;
  /** The IO element that caused the record (0 when none). */
  eventIoId: number;
  io: IoElement[];
}
export type Frame =
  | { kind: 'incomplete' } // more bytes are needed; nothing consumed
  | { kind: 'refused'; reason: 'bad_preamble' | 'too_large'; detail: string } // the connection must be closed
  | { kind: 'bad'; reason: 'bad_crc' | 'bad_packet'; detail: string; bytes: number } // a whole frame whose CRC or counts/structure do not match: skip `bytes`, the connection stays usable
  | { kind: 'avl'; codec: 0x08 | 0x8e; records: AvlRecord[]; bytes: number }
  | { kind: 'command'; type: number /* 0x05 command, 0x06 response */; text: Buffer; bytes: number }; // Codec 12

/** The handshake: two bytes of length, then the IMEI in ASCII. */
export type Handshake =
  | { kind: 'incomplete' }
  | { kind: 'refused'; detail: string } // a length over 32 or zero, or not all ASCII digits
  | { kind: 'imei'; imei: string; bytes: number };

const INCOMPLETE = { kind: 'incomplete' } as const;

/**
 * The IO elements and their lists readFrame fills: a frame read into a scratch holds them until
 * the next read into it, so a reader that keeps one fills them again instead of allocating. They
 * were half of what a tracker's record allocated, and so of how often the young generation is
 * collected (docs/performance.md, "Teltonika trackers"). It stays small: a frame holds at most an
 * element in two of its MAX_FRAME_BYTES, and 255 records.
 */
export class FrameScratch {
  private elements: IoElement[] = [];
  private lists: IoElement[][] = [];
  private element = 0;
  private list = 0;

  /** Before a frame: everything may be filled again. */
  reset() {
    this.element = 0;
    this.list = 0;
  }
  nextElement(): IoElement {
    if (this.element === this.elements.length) this.elements.push({ id: 0, length: 0, value: 0, signedValue: 0 });
    return this.elements[this.element++];
  }
  /** A list to fill from its start (its old elements are written over, and any left after cut off). */
  nextList(): IoElement[] {
    if (this.list === this.lists.length) this.lists.push([]);
    return this.lists[this.list++];
  }
}

/** How many bytes `buf` holds from `offset`; an offset outside it holds none. */
function available(buf: Buffer, offset: number): number {
  return Number.isSafeInteger(offset) && offset >= 0 ? buf.length - offset : 0;
}

const bad = (reason: 'bad_crc' | 'bad_packet', detail: string, bytes: number): Frame => ({
  kind: 'bad',
  reason,
  detail,
  bytes,
});

/**
 * Reads one frame starting at `offset` of `buf` (bytes after `offset` may hold the next frames, or
 * part of one), its IO elements into `scratch` (a fresh one unless given). Never throws on any input.
 */
export function readFrame(buf: Buffer, offset: number, scratch = new FrameScratch()): Frame {
  const have = available(buf, offset);
  // A peer that is no tracker is told by its first bytes, before it can make the server wait.
  for (let i = 0; i < 4 && i < have; i++) {
    if (buf[offset + i] !== 0) {
      return { kind: 'refused', reason: 'bad_preamble', detail: `preamble byte ${i} is ${buf[offset + i]}, not 0` };
    }
  }
  if (have < HEADER_BYTES) return INCOMPLETE;
  const length = buf.readUInt32BE(offset + 4);
  const bytes = HEADER_BYTES + length + CRC_BYTES;
  if (bytes > MAX_FRAME_BYTES) {
    return { kind: 'refused', reason: 'too_large', detail: `a frame of ${bytes} bytes (at most ${MAX_FRAME_BYTES})` };
  }
  if (have < bytes) return INCOMPLETE;
  const start = offset + HEADER_BYTES;
  const end = start + length;
  // The length still delimits the frame, so the stream stays in step: skipping it is as safe as
  // skipping any frame with a bad CRC.
  if (length < MIN_DATA_BYTES) return bad('bad_packet', `a data field of ${length} bytes`, bytes);
  const sent = buf.readUInt16BE(end + 2);
  const computed = crc16(buf, start, end);
  if (sent !== computed) return bad('bad_crc', `CRC ${hex(sent)} sent, ${hex(computed)} computed`, bytes);
  const codec = buf[start];
  if (codec === CODEC_8 || codec === CODEC_8E) return readAvl(buf, start, end, codec, bytes, scratch);
  if (codec === CODEC_12) return readCommand(buf, start, end, bytes);
  return bad('bad_packet', `codec ${hex(codec)} is not read here`, bytes);
}

const hex = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;

function readAvl(
  buf: Buffer,
  start: number,
  end: number,
  codec: 0x08 | 0x8e,
  bytes: number,
  scratch: FrameScratch,
): Frame {
  const count = buf[start + 1];
  const last = end - 1; // the second count
  if (buf[last] !== count) return bad('bad_packet', `record counts ${count} and ${buf[last]} differ`, bytes);
  const wide = codec === CODEC_8E;
  const records: AvlRecord[] = [];
  scratch.reset();
  let p = start + 2;
  for (let r = 0; r < count; r++) {
    p = readRecord(buf, p, last, wide, records, scratch);
    if (p < 0) return bad('bad_packet', `record ${r + 1} of ${count} overruns the data field`, bytes);
  }
  if (p !== last) return bad('bad_packet', `${last - p} bytes after the last record`, bytes);
  return { kind: 'avl', codec, records, bytes };
}

/**
 * Reads the record at `p` into `records` and returns where it ends, or -1 when it would pass
 * `limit`. Codec 8E (`wide`) has 2-byte ids and counts and the NX group of elements that carry
 * their own length. The total element count before the groups is not checked: the groups' own
 * counts say where each ends, and the CRC already guards the bytes.
 */
function readRecord(
  buf: Buffer,
  p: number,
  limit: number,
  wide: boolean,
  records: AvlRecord[],
  scratch: FrameScratch,
): number {
  const idBytes = wide ? 2 : 1;
  if (p + RECORD_FIXED_BYTES + 2 * idBytes > limit) return -1;
  const timestamp = buf.readUInt32BE(p) * TWO_32 + buf.readUInt32BE(p + 4);
  const priority = buf[p + 8];
  const longitude = buf.readInt32BE(p + 9) / 1e7;
  const latitude = buf.readInt32BE(p + 13) / 1e7;
  const altitude = buf.readInt16BE(p + 17);
  const angle = buf.readUInt16BE(p + 19);
  const satellites = buf[p + 21];
  const speed = buf.readUInt16BE(p + 22);
  p += RECORD_FIXED_BYTES;
  const eventIoId = wide ? (buf[p] << 8) | buf[p + 1] : buf[p];
  p += 2 * idBytes;
  // Filled by index: emptied by `length = 0`, a list would give its store back and grow it again.
  const io = scratch.nextList();
  let count = 0;
  for (let size = 1; size <= 8; size *= 2) {
    if (p + idBytes > limit) return -1;
    const n = wide ? (buf[p] << 8) | buf[p + 1] : buf[p];
    p += idBytes;
    const step = idBytes + size;
    const groupEnd = p + n * step;
    if (groupEnd > limit) return -1;
    for (; p < groupEnd; p += step) io[count++] = fixedElement(buf, p, wide, size, scratch.nextElement());
  }
  if (wide) {
    if (p + 2 > limit) return -1;
    const n = (buf[p] << 8) | buf[p + 1];
    p += 2;
    for (let i = 0; i < n; i++) {
      if (p + 4 > limit) return -1;
      const id = (buf[p] << 8) | buf[p + 1];
      const length = (buf[p + 2] << 8) | buf[p + 3];
      p += 4;
      if (p + length > limit) return -1;
      io[count++] = variableElement(buf, p, id, length, scratch.nextElement());
      p += length;
    }
  }
  if (io.length > count) io.length = count;
  records.push({ timestamp, priority, longitude, latitude, altitude, angle, satellites, speed, eventIoId, io });
  return p;
}

/** The element of an N1, N2, N4 or N8 group at `p` (its id, then `size` bytes of value), into `e`. */
function fixedElement(buf: Buffer, p: number, wide: boolean, size: number, e: IoElement): IoElement {
  e.id = wide ? (buf[p] << 8) | buf[p + 1] : buf[p];
  e.length = size;
  const v = wide ? p + 2 : p + 1;
  if (size === 1) {
    e.value = buf[v];
    e.signedValue = (e.value << 24) >> 24;
  } else if (size === 2) {
    e.value = (buf[v] << 8) | buf[v + 1];
    e.signedValue = (e.value << 16) >> 16;
  } else {
    const high = (buf[v] << 24) | (buf[v + 1] << 16) | (buf[v + 2] << 8) | buf[v + 3];
    if (size === 4) {
      e.value = high >>> 0;
      e.signedValue = high;
    } else {
      const low = ((buf[v + 4] << 24) | (buf[v + 5] << 16) | (buf[v + 6] << 8) | buf[v + 7]) >>> 0;
      e.value = (high >>> 0) * TWO_32 + low;
      e.signedValue = high * TWO_32 + low;
    }
  }
  return e;
}

/** An NX element's value, into `e`: up to 8 bytes as a number (high bytes, then the low four), longer ones as NaN. */
function variableElement(buf: Buffer, p: number, id: number, length: number, e: IoElement): IoElement {
  e.id = id;
  e.length = length;
  if (length > 8) {
    e.value = NaN;
    e.signedValue = NaN;
    return e;
  }
  const highBytes = Math.max(length - 4, 0);
  let high = 0;
  for (let i = 0; i < highBytes; i++) high = high * 256 + buf[p + i];
  let low = 0;
  for (let i = highBytes; i < length; i++) low = low * 256 + buf[p + i];
  if (highBytes === 0) {
    e.value = low;
    e.signedValue = length > 0 && low >= 2 ** (8 * length - 1) ? low - 2 ** (8 * length) : low;
  } else {
    const signedHigh = high >= 2 ** (8 * highBytes - 1) ? high - 2 ** (8 * highBytes) : high;
    e.value = high * TWO_32 + low;
    e.signedValue = signedHigh * TWO_32 + low;
  }
  return e;
}

/** Codec 12: quantity 1, type, size (4), text, quantity 1. */
function readCommand(buf: Buffer, start: number, end: number, bytes: number): Frame {
  if (end - start < COMMAND_OVERHEAD) return bad('bad_packet', `a Codec 12 data field of ${end - start} bytes`, bytes);
  if (buf[start + 1] !== 1 || buf[end - 1] !== 1) {
    return bad('bad_packet', `Codec 12 quantities ${buf[start + 1]} and ${buf[end - 1]}, not 1`, bytes);
  }
  const size = buf.readUInt32BE(start + 3);
  if (size !== end - start - COMMAND_OVERHEAD) {
    return bad('bad_packet', `a Codec 12 text of ${size} bytes in ${end - start - COMMAND_OVERHEAD}`, bytes);
  }
  // Copied: commands are rare, and the caller may read the next bytes into the same buffer.
  const text = Buffer.from(buf.subarray(start + 7, start + 7 + size));
  return { kind: 'command', type: buf[start + 2], text, bytes };
}

/** Reads the handshake at `offset`, refusing a wrong length or a byte other than a digit as soon as it arrives. Never throws. */
export function readHandshake(buf: Buffer, offset: number): Handshake {
  const have = available(buf, offset);
  // A length of 256 or more shows in its first byte.
  if (have >= 1 && buf[offset] !== 0) return { kind: 'refused', detail: `an IMEI of ${buf[offset] * 256}+ bytes` };
  if (have < 2) return INCOMPLETE;
  const length = buf.readUInt16BE(offset);
  if (length === 0 || length > MAX_IMEI_BYTES) return { kind: 'refused', detail: `an IMEI of ${length} bytes` };
  const end = offset + 2 + length;
  const seen = Math.min(end, buf.length);
  for (let i = offset + 2; i < seen; i++) {
    if (buf[i] < 0x30 || buf[i] > 0x39) return { kind: 'refused', detail: `IMEI byte ${i - offset - 2} is no digit` };
  }
  if (seen < end) return INCOMPLETE;
  return { kind: 'imei', imei: buf.toString('latin1', offset + 2, end), bytes: 2 + length };
}
