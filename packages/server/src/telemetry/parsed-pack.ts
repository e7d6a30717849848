import { MAX_CELLS } from '@evfleet/domain';
import { parseMessage, type MessageParse } from './message.js';
import { noValues, STORED_SIGNALS, type Parsed } from '../readings/reading.js';
import { NO_CELLS, SCANNED_MAX, scanReading } from './reading-scanner/reading-scanner.js';

const SIGNALS = STORED_SIGNALS.length;
type Read = MessageParse | Error;

/**
 * Messages read on the parse thread, as the numbers of one transferable array: structured cloning
 * a reading object costs the main thread about as much as parsing it did. A message whose readings
 * are all plain (every value kept, no unknown signal: the usual case) is its count of readings
 * followed by each one's time, values and cells; any other message is 0 and goes, cloned, in
 * `others`, as does the error of a message whose parsing threw.
 */
export interface PackedMessages {
  numbers: Float64Array<ArrayBuffer>;
  others: Read[];
}
const plain = (p: Parsed) => p.ok && p.dropped === null && p.reading.extra === null;
const allPlain = (m: Read): m is MessageParse & { ok: true } =>
  !(m instanceof Error) && m.ok && m.items.length > 0 && m.items.every(plain);

/**
 * The least a new buffer holds, so one fits nearly every hand-over and goes round unchanged: sized
 * to each hand-over (a power of two), they were too small for the next as the counts varied, and
 * nothing was saved.
 */
const SPARE_BYTES = 1 << 20;

/**
 * An ArrayBuffer of at least `size` bytes: one the other thread gave back, or a new one. Allocating
 * and zeroing a new buffer for every hand-over was a fifth of the parse thread's time on a machine
 * where page faults are dear. A spare too small is dropped.
 */
export function spareBuffer(spares: ArrayBuffer[], size: number): ArrayBuffer {
  const spare = spares.pop();
  return spare && spare.byteLength >= size
    ? spare
    : new ArrayBuffer(Math.max(SPARE_BYTES, 2 ** Math.ceil(Math.log2(size))));
}

/** The numbers of the batch being packed, kept from batch to batch: what is sent is a copy of its start. */
let scratch = new Float64Array(1 << 16);
function reserve(at: number, needed: number) {
  if (at + needed <= scratch.length) return;
  const larger = new Float64Array(Math.max(2 * scratch.length, at + needed));
  larger.set(scratch.subarray(0, at));
  scratch = larger;
}

/** A message read by parseMessage (or the error its checks threw) packed at `at`; returns where it ends. */
function pack(message: Read, at: number, others: Read[]): number {
  if (!allPlain(message)) {
    reserve(at, 1);
    scratch[at] = 0;
    others.push(message);
    return at + 1;
  }
  let size = 1;
  for (const p of message.items) if (p.ok) size += 2 + SIGNALS + (p.reading.cells?.length ?? 0);
  reserve(at, size);
  scratch[at++] = message.items.length;
  for (const p of message.items) {
    if (!p.ok) continue; // plain readings only, as checked above
    const { ts, values, cells } = p.reading;
    scratch[at++] = ts;
    scratch.set(values, at);
    at += SIGNALS;
    scratch[at++] = cells ? cells.length : NO_CELLS;
    if (cells) {
      scratch.set(cells, at);
      at += cells.length;
    }
  }
  return at;
}

/**
 * The messages of one batch (`bytes`, each ending at its `ends`), read and packed. The usual
 * message is scanned straight into the numbers (reading-scanner/); any other is read by `read`
 * (parseMessage), and one whose checks throw (a bug) fails alone, as it would on the main thread.
 * The parse thread gives its `spares` (spareBuffer); without them the numbers get a buffer of
 * their own size.
 */
export function packBatch(
  bytes: Buffer,
  ends: Uint32Array,
  now: number,
  read = parseMessage,
  spares?: ArrayBuffer[],
): PackedMessages {
  const others: Read[] = [];
  let at = 0;
  for (let i = 0, start = 0; i < ends.length; start = ends[i++]) {
    reserve(at, 1 + SCANNED_MAX);
    const scanned = scanReading(bytes, start, ends[i], now, scratch, at + 1);
    if (scanned >= 0) {
      scratch[at] = 1;
      at = scanned;
      continue;
    }
    let message: Read;
    try {
      message = read(bytes.subarray(start, ends[i]), now);
    } catch (err) {
      message = err instanceof Error ? err : new Error(String(err));
    }
    at = pack(message, at, others);
  }
  const numbers = new Float64Array(spares ? spareBuffer(spares, 8 * at) : new ArrayBuffer(8 * at), 0, at);
  numbers.set(scratch.subarray(0, at));
  return { numbers, others };
}

/**
 * A list of cells of each length, to copy. Filled by push, each holds unboxed doubles with no
 * holes, and a copy is one allocation of its size (a list pushed to from empty grows twice).
 */
const CELL_LISTS = Array.from({ length: MAX_CELLS + 1 }, (_, n) => {
  const list: number[] = [];
  for (let i = 0; i < n; i++) list.push(Number.NaN);
  return list;
});
const cellList = (count: number): number[] => CELL_LISTS[count].slice();

/** Where unpacking reads next: one place for the batch, so reading a reading makes no object for its end. */
let cursor = 0;

/** The plain reading packed at the cursor, which moves past it. */
function nextReading(numbers: Float64Array): Parsed {
  const ts = numbers[cursor++];
  const values = noValues();
  for (let i = 0; i < SIGNALS; i++) values[i] = numbers[cursor + i];
  cursor += SIGNALS;
  const cellCount = numbers[cursor++];
  let cells: number[] | null = null;
  if (cellCount !== NO_CELLS) {
    cells = cellList(cellCount);
    for (let i = 0; i < cellCount; i++) cells[i] = numbers[cursor + i];
    cursor += cellCount;
  }
  return { ok: true, reading: { ts, values, cells, extra: null }, dropped: null };
}

export function unpackMessages({ numbers, others }: PackedMessages): Read[] {
  const messages: Read[] = [];
  let other = 0;
  for (cursor = 0; cursor < numbers.length;) {
    const count = numbers[cursor++];
    if (count === 0) {
      messages.push(others[other++]);
      continue;
    }
    // A list of its size: one pushed to from empty is made with room for 17.
    const items: Parsed[] = count === 1 ? [nextReading(numbers)] : [];
    for (let r = items.length; r < count; r++) items.push(nextReading(numbers));
    messages.push({ ok: true, items });
  }
  return messages;
}
