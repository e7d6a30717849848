import type { RejectionReason } from '@evfleet/domain';
import { ReadingsRefused, type BatchWriter } from './batch-writer.js';
import type { DeviceRegistry } from './devices.js';
import type { MessageParse } from './message.js';
import type { StoredRow } from './reading-store.js';
import type { RejectionCounter } from './rejections.js';

export interface IngestResult {
  accepted: number;
  rejected: { index: number; reason: RejectionReason; detail: string }[];
  /** Values left out of accepted readings (out of range, unstorable names); absent when none was. */
  dropped?: { index: number; signal: string; reason: RejectionReason; detail: string }[];
}

/**
 * One path for every transport: authenticate the device, check each reading on its own, store the
 * valid ones and resolve once they are committed.
 */
export function createIngest(deps: {
  devices: DeviceRegistry;
  writer: Pick<BatchWriter, 'write'>;
  rejections: RejectionCounter;
  /** Reads a message (parseMessage, here or on the parse thread). */
  parse: (payload: Buffer | string) => MessageParse | Promise<MessageParse>;
}) {
  const refuse = (source: string, reason: RejectionReason, detail: string, n = 1): IngestResult => {
    deps.rejections.count(reason, source, detail, n);
    return { accepted: 0, rejected: [{ index: -1, reason, detail }] };
  };

  return {
    /** A raw message (MQTT payload or HTTP body) from a device whose credential is checked here. */
    async message(
      source: string,
      vin: string,
      token: string | undefined,
      payload: Buffer | string,
    ): Promise<IngestResult> {
      const device = await deps.devices.authenticate(vin, token);
      if (typeof device === 'string') return refuse(source, device, `device ${vin.slice(0, 64)}`);
      return this.readings(source, device.vehicleId, payload);
    },

    /** A message from an already authenticated device (the embedded broker checked it at CONNECT). */
    async readings(source: string, vehicleId: number, payload: Buffer | string): Promise<IngestResult> {
      const message = await deps.parse(payload);
      if (!message.ok) return refuse(source, message.reason, message.detail, message.count);

      const rows: StoredRow[] = [];
      const indexes: number[] = [];
      const rejected: IngestResult['rejected'] = [];
      let dropped: IngestResult['dropped'];
      message.items.forEach((parsed, index) => {
        if (parsed.ok) {
          rows.push({ vehicleId, reading: parsed.reading });
          indexes.push(index);
          if (parsed.dropped) {
            for (const d of parsed.dropped) deps.rejections.count(d.reason, source, d.detail);
            (dropped ??= []).push(...parsed.dropped.map((d) => ({ index, ...d })));
          }
        } else {
          rejected.push({ index, reason: parsed.reason, detail: parsed.detail });
          deps.rejections.count(parsed.reason, source, parsed.detail);
        }
      });
      try {
        await deps.writer.write(rows);
      } catch (err) {
        // Sending these again would fail again: refused and counted, so the device moves on.
        if (!(err instanceof ReadingsRefused)) throw err;
        deps.rejections.count('storage_refused', source, err.message, rows.length);
        const refused = indexes.map((index) => ({
          index,
          reason: 'storage_refused' as const,
          detail: 'the database refused this reading',
        }));
        return { accepted: 0, rejected: [...rejected, ...refused].sort((a, b) => a.index - b.index) };
      }
      return dropped ? { accepted: rows.length, rejected, dropped } : { accepted: rows.length, rejected };
    },
  };
}
