import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { hostileSheets, xlsxWith } from '../support/hostile-xlsx.js';
import { callerFor, createTenant, multipartBody, PNG } from '../support/people.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { defaultTemplates, vehicleBody } from '../support/vehicle-screens.js';

const MB = 1024 * 1024;
const speedRow = (r: number, band: string, low: number, high: number) =>
  `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>speedAlert</t></is></c><c r="B${r}" t="inlineStr"><is><t>${band}</t></is></c><c r="C${r}"><v>${low}</v></c><c r="D${r}"><v>${high}</v></c></row>`;
const validSheet = () =>
  xlsxWith(speedRow(2, 'Normal', 0, 20) + speedRow(3, 'Warning', 21, 30) + speedRow(4, 'Severe', 31, 50), 1);

/**
 * Hostile spreadsheets (docs/decisions.md, "Upload limits"): each is refused with 413 or 400 within two seconds,
 * the server's memory grows by less than 200 MB while it answers, and a valid sheet uploads after.
 */
describe.each(DATABASE_KINDS)('hostile uploads on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let urls: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = await t.admin();
    const admin = callerFor(t, adminToken);
    const a = await createTenant(t, adminToken, 'Alpha');
    const [builtIn] = await defaultTemplates(t);
    const vehicle = (await admin('POST', '/api/vehicles', vehicleBody(a.dealerId, builtIn))).json<{ id: number }>();
    const template = (await admin('POST', '/api/vehicle-templates', { name: 'Upload target', description: 'z' })).json<{
      id: number;
    }>();
    urls = [
      `/api/vehicle-templates/upload/${template.id}`,
      `/api/vehicles/upload/${vehicle.id}`,
      '/api/threshold-sheets/parse',
    ];
  });
  afterAll(async () => t?.close());

  const upload = (url: string, bytes: Buffer, name = 'thresholds.xlsx') => {
    const body = multipartBody({
      name,
      bytes,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, authorization: adminToken },
    });
  };

  /** The answer, how long it took and the most the process's resident memory grew meanwhile (sampled every 10 ms). */
  const measured = async (send: () => ReturnType<typeof upload>) => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    try {
      const res = await send();
      return {
        res,
        ms: performance.now() - started,
        grewMb: (Math.max(peak, process.memoryUsage().rss) - before) / MB,
      };
    } finally {
      clearInterval(sampler);
    }
  };

  it.each(Object.keys(hostileSheets) as (keyof typeof hostileSheets)[])(
    'refuses a %s quickly and with little memory on every sheet endpoint',
    async (name) => {
      const bytes = hostileSheets[name]();
      expect(bytes.length).toBeLessThan(2 * MB);
      for (const url of urls) {
        const { res, ms, grewMb } = await measured(() => upload(url, bytes));
        expect([413, 400], `${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        expect(res.json().message).toMatch(/spreadsheet/i);
        expect(ms, url).toBeLessThan(2000);
        expect(grewMb, url).toBeLessThan(200);
      }
      const after = await upload(urls[0], validSheet());
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().attributes.find((x: { name: string }) => x.name === 'speedAlert')).toMatchObject({
        normal: [{ low: 0, high: 20 }],
        warning: [{ low: 21, high: 30 }],
        sever: [{ low: 31, high: 50 }],
      });
    },
    60_000,
  );

  /** A multipart body cut short or without its boundary is the client's mistake: 400, never 500. */
  it.each([
    ['no boundary parameter', 'multipart/form-data', (p: Buffer) => p],
    ['a boundary of 300 characters', `multipart/form-data; boundary=${'x'.repeat(300)}`, (p: Buffer) => p],
    [
      'no closing boundary',
      'multipart/form-data; boundary=----evfleet-test-boundary',
      (p: Buffer) => p.subarray(0, p.lastIndexOf('------evfleet-test-boundary--')),
    ],
    [
      'a part cut short',
      'multipart/form-data; boundary=----evfleet-test-boundary',
      (p: Buffer) => p.subarray(0, p.indexOf('\r\n\r\n') + 10),
    ],
    [
      'part headers cut short',
      'multipart/form-data; boundary=----evfleet-test-boundary',
      (p: Buffer) => p.subarray(0, p.indexOf('\r\n\r\n') - 5),
    ],
  ] as const)('answers 400 to a multipart body with %s', async (_, contentType, cut) => {
    for (const [url, file] of [...urls.map((u) => [u, validSheet()] as const), ['/api/file/upload', PNG] as const]) {
      const payload = cut(
        multipartBody({ name: url.includes('file') ? 'face.png' : 'thresholds.xlsx', bytes: file }).payload,
      );
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType, authorization: adminToken },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message, url).toMatch(/multipart/i);
    }
  });
});
