import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { hashDeviceToken, newDeviceToken } from '../../src/telemetry/device-token.js';
import type { Reply } from './people.js';
import type { TestApp } from './test-app.js';

export const MIN = 60_000;

/** Gives every vehicle one device token and returns a sender of readings over the HTTP ingest. */
export async function readingSender(t: TestApp) {
  const token = newDeviceToken();
  await t.database.db.execute(sql`update vehicle set device_token_hash = ${hashDeviceToken(token)}`);
  return async (vin: string, readings: object[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/readings',
      headers: {
        authorization: `Basic ${Buffer.from(`${vin}:${token}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(readings),
    });
    if (res.statusCode !== 200) throw new Error(`ingest ${res.statusCode} ${res.body}`);
    // Reported keys are read from vehicle states, so they must be stored before the report runs.
    await t.app.telemetry.settle();
  };
}

/** The first sheet of an xlsx reply, read back with ExcelJS. */
export async function sheetOf(res: Reply) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer); // ExcelJS types predate Buffer generics
  return workbook.worksheets[0];
}

/** A sheet row's values (ExcelJS rows are 1-based with an empty slot 0). */
export const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
