import type { MessageParse } from './message.js';
import { noValues, STORED_SIGNALS, type Parsed } from './reading.js';

const SIGNALS = STORED_SIGNALS.length;
const NO_CELLS = -1;
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

export function packMessages(messages: Read[]): PackedMessages {
  // Sized first, so the array is made once; which messages go as numbers is decided once.
  const asNumbers = messages.map((m) => (allPlain(m) ? m : null));
  let size = messages.length;
  for (const m of asNumbers)
    if (m) for (const p of m.items) if (p.ok) size += 2 + SIGNALS + (p.reading.cells?.length ?? 0);
  const numbers = new Float64Array(size);
  const others: Read[] = [];
  let at = 0;
  for (const [i, m] of asNumbers.entries()) {
    if (!m) {
      numbers[at++] = 0;
      others.push(messages[i]);
      continue;
    }
    numbers[at++] = m.items.length;
    for (const p of m.items) {
      if (!p.ok) continue; // plain readings only, as checked above
      const { ts, values, cells } = p.reading;
      numbers[at++] = ts;
      numbers.set(values, at);
      at += SIGNALS;
      numbers[at++] = cells ? cells.length : NO_CELLS;
      if (cells) {
        numbers.set(cells, at);
        at += cells.length;
      }
    }
  }
  return { numbers, others };
}

export function unpackMessages({ numbers, others }: PackedMessages): Read[] {
  const messages: Read[] = [];
  let other = 0;
  for (let at = 0; at < numbers.length;) {
    const count = numbers[at++];
    if (count === 0) {
      messages.push(others[other++]);
      continue;
    }
    const items: Parsed[] = [];
    for (let r = 0; r < count; r++) {
      const ts = numbers[at++];
      const values = noValues();
      for (let i = 0; i < SIGNALS; i++) values[i] = numbers[at + i];
      at += SIGNALS;
      const cellCount = numbers[at++];
      let cells: number[] | null = null;
      if (cellCount !== NO_CELLS) {
        cells = [];
        for (let i = 0; i < cellCount; i++) cells.push(numbers[at + i]);
        at += cellCount;
      }
      items.push({ ok: true, reading: { ts, values, cells, extra: null }, dropped: null });
    }
    messages.push({ ok: true, items });
  }
  return messages;
}
