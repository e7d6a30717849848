import { STORED_SIGNALS } from './reading.js';
import type { StoredRow } from './reading-store.js';

/**
 * Rows in PostgreSQL's binary COPY format for the columns of reading-store's COLUMNS: numbers go
 * into the buffer as they are, with no text per value for Node to build and PostgreSQL to parse.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const FLOAT4_OID = 700;
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const FIELDS = 2 + STORED_SIGNALS.length + 2;
const CHUNK_BYTES = 256 * 1024;
const TWO_32 = 2 ** 32;

/** Bytes of one row besides its cells and unknown signals: field count, vehicle, time, signals, null markers. */
const FIXED_BYTES = 2 + 8 + 12 + STORED_SIGNALS.length * 12 + 4 + 4;
/** A real[] field with its length prefix: header, one dimension when not empty, the values. */
const cellBytes = (cells: number[]) => 16 + (cells.length ? 8 : 0) + cells.length * 8;

/** A buffer being filled, written through a DataView: its setters compile to plain stores, Buffer's write methods do not. */
class ChunkWriter {
  buf = Buffer.allocUnsafe(CHUNK_BYTES);
  view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
  at = 0;
  /** Room for `bytes` more: hands back the full part and starts a new buffer when needed. */
  reserve(bytes: number): Buffer | null {
    if (this.at + bytes <= this.buf.length) return null;
    const full = this.buf.subarray(0, this.at);
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
    this.at = 0;
    return full;
  }
  int16(v: number) {
    this.view.setInt16(this.at, v);
    this.at += 2;
  }
  int32(v: number) {
    this.view.setInt32(this.at, v);
    this.at += 4;
  }
  float8(v: number) {
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, v);
    this.at += 12;
  }
  /** timestamptz: microseconds since 2000-01-01 as an int64, in two halves (no BigInt per row). */
  timestamp(ms: number) {
    const us = (Math.trunc(ms) - PG_EPOCH_MS) * 1000;
    const high = Math.floor(us / TWO_32);
    this.int32(8);
    this.int32(high);
    this.view.setUint32(this.at, us - high * TWO_32);
    this.at += 4;
  }
  /** real[] of one dimension. */
  cells(cells: number[]) {
    this.int32(cellBytes(cells) - 4);
    this.int32(cells.length ? 1 : 0);
    this.int32(0); // no nulls
    this.int32(FLOAT4_OID);
    if (cells.length) {
      this.int32(cells.length);
      this.int32(1); // lower bound
    }
    for (const c of cells) {
      this.view.setInt32(this.at, 4);
      this.view.setFloat32(this.at + 4, c);
      this.at += 8;
    }
  }
}

/** The COPY … (format binary) stream of the rows, in chunks of about 256 KiB. */
export function* binaryCopyChunks(rows: StoredRow[]): Generator<Buffer> {
  const out = new ChunkWriter();
  out.at = SIGNATURE.copy(out.buf, 0);
  out.int32(0); // flags
  out.int32(0); // header extension
  for (const { vehicleId, reading } of rows) {
    const extra = reading.extra ? Buffer.from(JSON.stringify(reading.extra)) : null;
    const full = out.reserve(
      FIXED_BYTES + (reading.cells ? cellBytes(reading.cells) : 0) + (extra ? 5 + extra.length : 0) + 2,
    );
    if (full) yield full;
    out.int16(FIELDS);
    out.int32(4);
    out.int32(vehicleId);
    out.timestamp(reading.ts);
    for (const signal of STORED_SIGNALS) {
      const v = reading.values[signal];
      if (v === undefined) out.int32(-1);
      else out.float8(v);
    }
    if (reading.cells) out.cells(reading.cells);
    else out.int32(-1);
    if (extra) {
      out.int32(extra.length + 1);
      out.buf[out.at++] = 1; // jsonb version
      out.at += extra.copy(out.buf, out.at);
    } else out.int32(-1);
  }
  out.int16(-1); // trailer: each row's reserve() kept room for it
  yield out.buf.subarray(0, out.at);
}
