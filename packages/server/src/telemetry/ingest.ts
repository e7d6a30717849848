import type { RejectionReason } from '@evfleet/domain';
import { ReadingsRefused, type BatchWriter } from './batch-writer.js';
import type { DeviceRegistry } from './devices.js';
import type { MessageParse } from './message.js';
import type { Read } from './parse-thread.js';
import { parseReading, type Parsed, type Reading } from '../readings/reading.js';
import type { StoredRow } from '../readings/stored-row.js';
import type { RejectionCounter } from './rejections.js';

export interface IngestResult {
  accepted: number;
  rejected: { index: number; reason: RejectionReason; detail: string }[];
  /** Values left out of accepted readings (out of range, unstorable names); absent when none was. */
  dropped?: { index: number; signal: string; reason: RejectionReason; detail: string }[];
}

/**
 * Told once a message is handled: its readings committed, or refused and counted (`err`
 * undefined, with what it held and whether storage refused them), or the error that left them
 * unstored, which the device's sending again may cure.
 */
type Handled = (err: unknown, message?: MessageParse, storageRefused?: boolean) => void;

const STORAGE_REFUSED = 'the database refused this reading';

/** What a handled message tells its sender (HTTP): each reading's index in the message, and why it was not stored. */
function resultOf(message: MessageParse, storageRefused: boolean): IngestResult {
  if (!message.ok) return { accepted: 0, rejected: [{ index: -1, reason: message.reason, detail: message.detail }] };
  const rejected: IngestResult['rejected'] = [];
  const dropped: NonNullable<IngestResult['dropped']> = [];
  let accepted = 0;
  message.items.forEach((parsed: Parsed, index) => {
    if (!parsed.ok) rejected.push({ index, reason: parsed.reason, detail: parsed.detail });
    else if (storageRefused) rejected.push({ index, reason: 'storage_refused', detail: STORAGE_REFUSED });
    else {
      accepted++;
      for (const d of parsed.dropped ?? []) dropped.push({ index, ...d });
    }
  });
  return dropped.length ? { accepted, rejected, dropped } : { accepted, rejected };
}

/** Readings a transport decoded itself, each checked now as a JSON reading. */
function checkedAll(readings: readonly object[]): MessageParse {
  const now = Date.now();
  return { ok: true, items: readings.map((r) => parseReading(r, now)) };
}

/** What a message of a refused device (unknown, or a wrong token) is answered; counted. */
function deviceRefused(
  rejections: RejectionCounter,
  source: string,
  vin: string,
  reason: RejectionReason,
): IngestResult {
  const detail = `device ${vin.slice(0, 64)}`;
  rejections.count(reason, source, detail);
  return { accepted: 0, rejected: [{ index: -1, reason, detail }] };
}

/**
 * One path for every transport: authenticate the device, check each reading on its own, store the
 * valid ones and tell the transport once they are committed.
 */
export function createIngest(deps: {
  devices: DeviceRegistry;
  writer: Pick<BatchWriter, 'add'>;
  rejections: RejectionCounter;
  /** Reads a message (parseMessage, here or on the parse thread) and tells `read` what it holds. */
  parse: (payload: Buffer | string, read: Read) => void;
}) {
  /** The readings to store of checked ones; those refused and the values left out are counted. */
  const kept = (source: string, items: readonly Parsed[]): Reading[] => {
    const readings: Reading[] = [];
    for (const parsed of items) {
      if (!parsed.ok) {
        deps.rejections.count(parsed.reason, source, parsed.detail);
        continue;
      }
      readings.push(parsed.reading);
      for (const d of parsed.dropped ?? []) deps.rejections.count(d.reason, source, d.detail);
    }
    return readings;
  };
  /** A message's rows to store. */
  const rowsOf = (source: string, vehicleId: number, items: Parsed[]): StoredRow[] => {
    // The usual message, one reading kept whole: a list of its size (one pushed to has room for 17).
    const [first] = items;
    if (items.length === 1 && first.ok && first.dropped === null) return [{ vehicleId, reading: first.reading }];
    return kept(source, items).map((reading) => ({ vehicleId, reading }));
  };

  /** Counts and stores a read message's readings: the one set of rules, whatever the caller is told. */
  const store = (source: string, vehicleId: number, message: MessageParse | Error, handled: Handled) => {
    if (message instanceof Error) return handled(message);
    if (!message.ok) {
      deps.rejections.count(message.reason, source, message.detail, message.count);
      return handled(undefined, message, false);
    }
    let rows: StoredRow[];
    try {
      rows = rowsOf(source, vehicleId, message.items);
    } catch (err) {
      return handled(err); // a bug fails its message alone, as a rejected promise would
    }
    deps.writer.add(rows, (err) => {
      if (err === undefined) return handled(undefined, message, false);
      // Sending these again would fail again: refused and counted, so the device moves on.
      if (!(err instanceof ReadingsRefused)) return handled(err);
      deps.rejections.count('storage_refused', source, err.message, rows.length);
      handled(undefined, message, true);
    });
  };
  const handle = (source: string, vehicleId: number, payload: Buffer | string, handled: Handled) =>
    deps.parse(payload, (message) => store(source, vehicleId, message, handled));

  const readings = (source: string, vehicleId: number, payload: Buffer | string) =>
    new Promise<IngestResult>((resolve, reject) =>
      handle(source, vehicleId, payload, (err, message, refused) =>
        err === undefined ? resolve(resultOf(message!, refused!)) : reject(err),
      ),
    );

  return {
    /** A raw message (HTTP body) from a device whose credential is checked here. */
    async message(
      source: string,
      vin: string,
      token: string | undefined,
      payload: Buffer | string,
    ): Promise<IngestResult> {
      const device = await deps.devices.authenticate(vin, token);
      if (typeof device === 'string') return deviceRefused(deps.rejections, source, vin, device);
      return readings(source, device.vehicleId, payload);
    },

    /** A message from an already authenticated device, with what became of each of its readings. */
    readings,

    /**
     * A message from an already authenticated device whose transport needs only to know when it
     * may be acknowledged (MQTT, AMQP: thousands a second): `settled` is told once it is handled,
     * with the error if its readings are not stored. No promise or result is made a message.
     */
    accept(source: string, vehicleId: number, payload: Buffer | string, settled: (err?: unknown) => void) {
      handle(source, vehicleId, payload, settled);
    },

    /**
     * Readings a tracker's transport decoded and checked itself (Teltonika), by the rules of
     * readings/reading.ts: stored, and `settled` told as for `accept`.
     */
    parsed(source: string, vehicleId: number, items: Parsed[], settled: (err?: unknown) => void) {
      store(source, vehicleId, { ok: true, items }, settled);
    },

    /** The readings of checked ones to pass on (to RabbitMQ), those refused and the values left out counted. */
    kept,

    /**
     * Readings a transport decoded itself (OsmAnd), each an object of the JSON protocol's keys:
     * checked as a JSON reading, stored, and what became of each answered.
     */
    decodedResult: (source: string, vehicleId: number, readings: readonly object[]) =>
      new Promise<IngestResult>((resolve, reject) =>
        store(source, vehicleId, checkedAll(readings), (err, message, refused) =>
          err === undefined ? resolve(resultOf(message!, refused!)) : reject(err),
        ),
      ),
  };
}
