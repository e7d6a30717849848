/**
 * PostgreSQL's binary COPY format (`COPY … FROM STDIN (format binary)`), written field by field
 * into chunks of about 256 KiB: numbers go into the buffer as they are, with no text per value for
 * Node to build and PostgreSQL to parse.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const FLOAT4_OID = 700;
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const CHUNK_BYTES = 256 * 1024;
const TWO_32 = 2 ** 32;

/** Bytes of a field with its length word, for a row's reserve. */
export const FIELD_BYTES = { null: 4, int4: 8, float8: 12, timestamptz: 12 } as const;
/** Bytes of a real[] field of `n` values with its length word: header, one dimension when not empty, the values. */
export const float4ArrayBytes = (n: number) => 16 + (n ? 8 : 0) + n * 8;
/** Bytes of a jsonb field of the given UTF-8 text with its length word and version byte. */
export const jsonbBytes = (text: Uint8Array) => 5 + text.length;

/** Characters of the longest JSON text of a finite number (String(-Number.MIN_VALUE * 3) and the like). */
const NUMBER_CHARS = 25;
/** More keys than a reading holds (TELEMETRY_LIMITS.maxExtraSignals): such an object goes through JSON.stringify. */
const MAX_CACHED_KEYS = 64;

/**
 * The keys of the last object of numbers written, each as the UTF-8 bytes of its JSON text with the
 * separator before it and the colon after it (`{"altitude":`, `,"satellites":`). Consecutive rows
 * of one source hold the same keys, in the same order (a tracker's layout, a device's firmware):
 * telling that is a pointer comparison per key, where a lookup of each key cost as much as
 * JSON.stringify saved; or one comparison, when the caller names the objects' keys with a token.
 */
class KeyTexts {
  keys: string[] = [];
  texts: Buffer[] = [];
  /** Bytes of all the texts. */
  bytes = 0;
  /** The token the keys were last held with. */
  private token: object | undefined;

  /**
   * Makes these the object's keys; false when it has too many for a row to be worth caching.
   * `token`, when given, is the same object for every object of the same keys in the same order.
   */
  hold(values: Record<string, number>, token: object | undefined): boolean {
    if (token !== undefined && token === this.token) return true;
    this.token = token;
    let i = 0;
    for (const key in values) {
      if (this.keys[i] !== key) return this.refill(values);
      i++;
    }
    return i === this.keys.length || this.refill(values);
  }

  private refill(values: Record<string, number>): boolean {
    const keys = Object.keys(values);
    if (keys.length > MAX_CACHED_KEYS) {
      this.token = undefined;
      return false;
    }
    this.keys = keys;
    this.texts = keys.map((k, i) => Buffer.from(`${i ? ',' : '{'}${JSON.stringify(k)}:`));
    this.bytes = this.texts.reduce((sum, t) => sum + t.length, 0);
    return true;
  }
}

/** A COPY stream being filled, written through a DataView: its setters compile to plain stores, Buffer's write methods do not. */
export class BinaryCopyWriter {
  private buf = Buffer.allocUnsafe(CHUNK_BYTES);
  private keyTexts = new KeyTexts();
  /** The object of numbers whose bytes `numbersBytes` counted, when its keys are in `keyTexts`; else its JSON.stringify text. */
  private numbersText: Buffer | null = null;
  private view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
  private at = 0;

  constructor() {
    this.at = SIGNATURE.copy(this.buf, 0);
    this.int32(0); // flags
    this.int32(0); // header extension
  }

  /** Bytes of the chunk being filled so far. */
  get size(): number {
    return this.at;
  }

  /**
   * Starts a row of `fields` fields taking at most `bytes` bytes (FIELD_BYTES and the sizes above,
   * summed). When the chunk has no room for it, hands back the full chunk, to be sent before the
   * row's fields are written, and starts a new one.
   */
  row(fields: number, bytes: number): Buffer | null {
    const full = this.reserve(2 + bytes + 2); // with room for the trailer
    this.view.setInt16(this.at, fields);
    this.at += 2;
    return full;
  }
  null() {
    this.int32(-1);
  }
  int4(v: number) {
    this.int32(4);
    this.int32(v);
  }
  float8(v: number) {
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, v);
    this.at += 12;
  }
  /**
   * A float8 field for each value, null for NaN. The loops over many fields keep the view and the
   * place in locals: through `this`, each field stored its place back to the object.
   */
  float8s(values: readonly number[]) {
    const view = this.view;
    let at = this.at;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (Number.isNaN(v)) {
        view.setInt32(at, -1);
        at += 4;
      } else {
        view.setInt32(at, 8);
        view.setFloat64(at + 4, v);
        at += 12;
      }
    }
    this.at = at;
  }
  /** timestamptz from Unix milliseconds: microseconds since 2000-01-01 as an int64, in two halves (no BigInt per row). */
  timestamptz(ms: number) {
    const us = (Math.trunc(ms) - PG_EPOCH_MS) * 1000;
    const high = Math.floor(us / TWO_32);
    this.int32(8);
    this.int32(high);
    this.view.setUint32(this.at, us - high * TWO_32);
    this.at += 4;
  }
  /** real[] of one dimension (no nulls in it). */
  float4Array(values: readonly number[]) {
    this.int32(float4ArrayBytes(values.length) - 4);
    this.int32(values.length ? 1 : 0);
    this.int32(0); // no nulls
    this.int32(FLOAT4_OID);
    if (values.length) {
      this.int32(values.length);
      this.int32(1); // lower bound
    }
    // By index: for…of boxes each double it yields (a 16-byte allocation a cell, 15 times slower).
    const view = this.view;
    let at = this.at;
    for (let i = 0; i < values.length; i++) {
      view.setInt32(at, 4);
      view.setFloat32(at + 4, values[i]);
      at += 8;
    }
    this.at = at;
  }
  /** jsonb from its UTF-8 text (JSON.stringify's, or any valid JSON). */
  jsonb(text: Uint8Array) {
    this.int32(text.length + 1);
    this.buf[this.at++] = 1; // jsonb version
    this.buf.set(text, this.at);
    this.at += text.length;
  }
  /**
   * Bytes of a jsonb field of an object of numbers, at most: call it for a row's reserve, then
   * `jsonbNumbers` with the same object. `keysToken`, when given, is the same object for every
   * object of the same keys in the same order (a tracker's record layout).
   */
  numbersBytes(values: Record<string, number>, keysToken?: object): number {
    if (this.keyTexts.hold(values, keysToken)) {
      this.numbersText = null;
      return 5 + 2 + this.keyTexts.bytes + this.keyTexts.keys.length * NUMBER_CHARS;
    }
    this.numbersText = Buffer.from(JSON.stringify(values));
    return jsonbBytes(this.numbersText);
  }
  /**
   * jsonb of the object of numbers `numbersBytes` was last given, written as JSON.stringify would:
   * the keys' texts copied, whole numbers written digit by digit, others as String gives them.
   */
  jsonbNumbers(values: Record<string, number>) {
    if (this.numbersText !== null) return this.jsonb(this.numbersText);
    const { buf } = this;
    const start = this.at;
    let at = start + 5; // the length, then the version
    buf[start + 4] = 1;
    const { texts } = this.keyTexts;
    let i = 0;
    for (const key in values) {
      const text = texts[i++];
      buf.set(text, at);
      at += text.length;
      const v = values[key];
      if (Number.isSafeInteger(v)) at = writeWhole(buf, at, v);
      else {
        // The text of a finite double is ASCII: copied by character, a call to Buffer.write costs more.
        const text = Number.isFinite(v) ? String(v) : 'null';
        for (let c = 0; c < text.length; c++) buf[at + c] = text.charCodeAt(c);
        at += text.length;
      }
    }
    if (i === 0) buf[at++] = 0x7b; // {
    buf[at++] = 0x7d; // }
    this.view.setInt32(start, at - start - 4);
    this.at = at;
  }
  /** The last chunk, with the trailer: each row's reserve kept room for it. */
  end(): Buffer {
    this.view.setInt16(this.at, -1);
    this.at += 2;
    return this.buf.subarray(0, this.at);
  }

  private int32(v: number) {
    this.view.setInt32(this.at, v);
    this.at += 4;
  }
  private reserve(bytes: number): Buffer | null {
    if (this.at + bytes <= this.buf.length) return null;
    const full = this.buf.subarray(0, this.at);
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
    this.at = 0;
    return full;
  }
}

/** A safe integer's decimal digits at `at`; returns where they end. */
function writeWhole(buf: Buffer, at: number, value: number): number {
  let n = value;
  if (n < 0) {
    buf[at++] = 0x2d; // -
    n = -n;
  }
  let digits = 1;
  for (let p = 10; p <= n; p *= 10) digits++;
  for (let d = digits - 1; d >= 0; d--) {
    const q = Math.floor(n / 10);
    buf[at + d] = 0x30 + (n - q * 10);
    n = q;
  }
  return at + digits;
}
