import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadingsRefused } from '../../src/telemetry/batch-writer.js';
import type { DeviceRegistry } from '../../src/telemetry/devices.js';
import { createIngest } from '../../src/telemetry/ingest.js';
import { parseMessage } from '../../src/telemetry/message.js';
import type { StoredRow } from '../../src/readings/stored-row.js';
import { createRejectionCounter } from '../../src/telemetry/rejections.js';
import { DATABASE_KINDS } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice } from '../support/vehicles.js';
import { valuesFrom } from '../../src/readings/reading.js';

const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe.each(DATABASE_KINDS)(
  "the reading writer on %s: one device's readings the database refuses never cost another's",
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t?.close());

    it('stores the other devices of a batch and refuses the one the database refuses', async () => {
      const good = await Promise.all([1, 2, 3].map((i) => createDevice(t.database, `VIN-ISO-${i}`)));
      const bad = await createDevice(t.database, 'VIN-ISO-BAD');
      const ts = Date.now() - 60_000;
      const row = (vehicleId: number, extra: Record<string, number> | null = null): StoredRow => ({
        vehicleId,
        reading: { ts, values: valuesFrom({ speed: 4 }), cells: null, extra },
      });
      // Written straight to the writer, past ingestion's checks: PostgreSQL refuses \u0000 in jsonb.
      const writes = [
        ...good.map((d) => t.app.telemetry.writer.write([row(d.id)])),
        t.app.telemetry.writer.write([row(bad.id, { 'a\u0000': 1 })]),
      ];
      const results = await Promise.allSettled(writes);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
      expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(ReadingsRefused);
      const { rows } = await t.database.db.execute<{ vehicle_id: number }>(
        sql`select vehicle_id from can_reading where ts = ${new Date(ts)} order by vehicle_id`,
      );
      // The devices were created concurrently, so their ids come in any order.
      expect(rows.map((r) => r.vehicle_id)).toEqual(good.map((d) => d.id).sort((x, y) => x - y));
    });
  },
);

describe('ingestion of a message the database refuses', () => {
  it('answers each of its readings as refused, counted, so the device is acknowledged and moves on', async () => {
    const rejections = createRejectionCounter(quiet);
    const ingest = createIngest({
      devices: {} as DeviceRegistry,
      writer: {
        add: (_rows, settled) =>
          settled(new ReadingsRefused(Object.assign(new Error('invalid input'), { code: '22P02' }))),
      },
      rejections,
      parse: (payload, read) => read(parseMessage(payload, Date.now())),
    });
    const now = Date.now();
    const result = await ingest.readings(
      'mqtt',
      1,
      JSON.stringify([{ ts: now, speed: 1 }, { ts: 'never' }, { ts: now - 1, speed: 2 }]),
    );
    expect(result).toEqual({
      accepted: 0,
      rejected: [
        { index: 0, reason: 'storage_refused', detail: 'the database refused this reading' },
        { index: 1, reason: 'bad_timestamp', detail: expect.any(String) },
        { index: 2, reason: 'storage_refused', detail: 'the database refused this reading' },
      ],
    });
    expect(rejections.snapshot()).toMatchObject({ storage_refused: 2, bad_timestamp: 1 });
  });

  it('lets any other storage failure through, for the device to send again', async () => {
    const ingest = createIngest({
      devices: {} as DeviceRegistry,
      writer: { add: (_rows, settled) => settled(new Error('connection lost')) },
      rejections: createRejectionCounter(quiet),
      parse: (payload, read) => read(parseMessage(payload, Date.now())),
    });
    await expect(ingest.readings('mqtt', 1, JSON.stringify({ ts: Date.now(), speed: 1 }))).rejects.toThrow(
      'connection lost',
    );
  });
});
