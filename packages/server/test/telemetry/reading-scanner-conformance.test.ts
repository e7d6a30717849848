import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/telemetry/message.js';
import { packBatch, unpackMessages } from '../../src/telemetry/parsed-pack.js';
import { SCANNED_MAX, scanReading } from '../../src/telemetry/reading-scanner/reading-scanner.js';
import { batchOf } from '../support/message-batch.js';

/**
 * The reading scanner against JSON's grammar as another project wrote it down: every document of
 * JSONTestSuite (json-test-suite/README.md) goes through the parse thread's path (the scanner, or
 * JSON.parse and the checks where it declines) and must come out exactly as parseMessage reads it:
 * whole, and with each number, string and literal of the suite as a reading's value, time and cell,
 * and each object's members beside a reading's own.
 */

const SUITE = fileURLToPath(new URL('./json-test-suite/', import.meta.url));
const now = Date.UTC(2026, 10, 27, 12);
const documents = readdirSync(SUITE)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, bytes: readFileSync(SUITE + name) }));

const ts = Buffer.from(`{"ts":${now},`);
/** The suite's document inside a reading, byte for byte (its own bytes may be any, UTF-8 or not). */
const within = (before: string, inner: Buffer, after: string) =>
  Buffer.concat([Buffer.from(before), inner, Buffer.from(after)]);
/** What a `[X]` document holds between its brackets, or of a `{…}` one between its braces. */
const between = (bytes: Buffer, open: string, close: string) => {
  const text = bytes.toString('latin1');
  return text.startsWith(open) && text.endsWith(close) ? bytes.subarray(1, bytes.length - 1) : null;
};

/** The messages each document gives: itself, and its content in a reading's places. */
function messagesOf(bytes: Buffer): Buffer[] {
  const messages = [bytes];
  const item = between(bytes, '[', ']');
  if (item)
    messages.push(
      within(`{"ts":${now},"odometer":`, item, '}'),
      within(`{"ts":${now},"speed":`, item, ',"gear":1}'),
      within('{"ts":', item, '}'),
      within(`{"ts":${now},"cells":[`, item, ']}'),
      within(`{"ts":${now},"cells":[3.3,`, item, ',3.4]}'),
    );
  const members = between(bytes, '{', '}');
  if (members) messages.push(Buffer.concat([ts, members, Buffer.from('}')]), within('{', members, `,"ts":${now}}`));
  return messages;
}

/** Whether the scanner takes the message alone, laid out as the parse thread lays it out. */
const scanned = (message: Buffer) => {
  const { bytes, ends } = batchOf([message]);
  return scanReading(bytes, 0, ends[0], now, new Float64Array(1 + SCANNED_MAX), 0) >= 0;
};

describe("the reading scanner on JSONTestSuite's documents", () => {
  it('holds every document of the suite', () => {
    expect(documents.length).toBe(318);
    expect(documents.filter((d) => d.name.startsWith('n_')).length).toBeGreaterThan(180);
  });

  it('reads each of them, whole and inside a reading, exactly as JSON.parse and the checks do', () => {
    let taken = 0;
    for (const { name, bytes } of documents) {
      const messages = messagesOf(bytes);
      taken += messages.filter(scanned).length;
      const { bytes: batch, ends } = batchOf(messages);
      expect(unpackMessages(packBatch(batch, ends, now)), name).toEqual(messages.map((m) => parseMessage(m, now)));
    }
    // The suite's numbers and literals reach the scanner's own path, not only JSON.parse's.
    expect(taken).toBeGreaterThan(40);
  });

  it('never takes what JSON refuses', () => {
    for (const { name, bytes } of documents.filter((d) => d.name.startsWith('n_')))
      for (const message of messagesOf(bytes))
        expect(scanned(message), `${name}: ${message.toString('latin1')}`).toBe(false);
  });

  it('takes the numbers JSON writes that fit a reading', () => {
    const numbers = documents.filter((d) => /^y_number/.test(d.name));
    const fits = numbers.filter(({ bytes }) => {
      const value = Number(between(bytes, '[', ']')?.toString());
      return value >= 0 && value <= 1e7; // the odometer's range
    });
    expect(fits.map((d) => d.name)).toEqual(expect.arrayContaining(['y_number_0e1.json', 'y_number_simple_real.json']));
    for (const { name, bytes } of fits) {
      const message = within(`{"ts":${now},"odometer":`, between(bytes, '[', ']')!, '}');
      expect(scanned(message), name).toBe(true);
    }
  });
});
