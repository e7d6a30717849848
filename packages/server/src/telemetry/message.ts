import { TELEMETRY_LIMITS, type RejectionReason } from '@evfleet/domain';
import { parseReading, readingsOf, type Parsed } from '../readings/reading.js';

/** A device's message read: each of its readings checked on its own, or why the whole message is refused. */
export type MessageParse =
  | { ok: true; items: Parsed[] }
  | { ok: false; reason: RejectionReason; detail: string; /** readings refused with it */ count: number };

const refuse = (reason: RejectionReason, detail: string, count = 1): MessageParse => ({
  ok: false,
  reason,
  detail,
  count,
});

/** The checks of a whole message (size, JSON, shape, how many readings), then each reading's own. */
export function parseMessage(payload: Buffer | string, now: number): MessageParse {
  if (payload.length > TELEMETRY_LIMITS.maxMessageBytes) return refuse('too_large', `${payload.length} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return refuse('not_json', 'the message is not JSON');
  }
  const items = readingsOf(body);
  if (!items) return refuse('not_a_reading', 'a message is a reading, a list of readings or {readings: [...]}');
  if (items.length > TELEMETRY_LIMITS.maxBatch)
    return refuse('too_many_readings', `${items.length} readings in one message`, items.length);
  return { ok: true, items: items.map((item) => parseReading(item, now)) };
}
