import { DEFAULT_THRESHOLDS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor, type Caller } from '../support/people.js';
import { startSmtp, type ReceivedMail } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice, postReadings } from '../support/vehicles.js';

/** The body of a received mail as text (quoted-printable undone when the mail uses it). */
const textOf = (mail: ReceivedMail) =>
  /content-transfer-encoding: quoted-printable/i.test(mail.raw)
    ? Buffer.from(
        mail.raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : mail.raw;

/** Email templates fill the alert mails; notification lists receive them too (docs/alerts.md). */
describe.each(DATABASE_KINDS)('alert mails from email templates on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let device: Awaited<ReturnType<typeof createDevice>>;
  const MIN = 60_000;
  const base = Date.now() - 90 * MIN;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    admin = callerFor(t, await t.admin());
    const attributes = DEFAULT_THRESHOLDS.map((a) => ({ ...a, minutesBackward: 2, notificationFrequencyHour: 600 }));
    device = await createDevice(t.database, 'VIN-TPL-9', {
      name: 'Cart 9',
      attributes,
      emailNotification: true,
      notificationEmail: 'own@fleet.test',
    });
    const created = await Promise.all([
      admin('POST', '/api/email-templates', {
        type: 'SEVERE',
        attributeName: 'motorCurrent',
        template: 'ALERT {band} {vehicleName} ({vin}) {metric}={value} {unit} at {time}',
      }),
      admin('POST', '/api/email-templates', {
        type: 'WARNING',
        template: 'Heads-up {vehicleName}: {metric} reads {value}{unit}',
      }),
      admin('POST', '/api/notification-lists', { name: 'Depot', emails: ['list@fleet.test'], vehicles: [device.id] }),
    ]);
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const send = async (readings: object[]) => {
    const res = await postReadings(t, device, readings);
    expect(res.statusCode).toBe(200);
    await t.app.telemetry.alerts.idle();
    await t.app.mail.flush();
  };
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map(textOf);
  // The warning log's Date column's pattern, DD/MM/YYYY HH:mm, spelt by Intl's British English.
  const gmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'short' });
  const minute = (m: number) => gmt.format(new Date(base + m * MIN)).replace(', ', ' ');

  it("fills the attribute's own template, and sends it to the vehicle's address and to its notification lists", async () => {
    await send(Array.from({ length: 4 }, (_, i) => ({ ts: base + i * MIN, motorCurrent: 300.456 })));
    await smtp.waitFor('list@fleet.test');
    const expected = `ALERT SEVERE Cart 9 (VIN-TPL-9) Motor Current=300.46 A at ${minute(2)} GMT`;
    expect(mailsTo('own@fleet.test')).toEqual([expect.stringContaining(expected)]);
    expect(mailsTo('list@fleet.test')).toEqual([expect.stringContaining(expected)]);
    const { rows } = await t.database.db.execute<{ notification_content: string }>(
      sql`select notification_content from warning_log where vehicle_id = ${device.id} and attribute_name = 'motorCurrent'`,
    );
    expect(rows).toEqual([{ notification_content: expected }]);
  });

  it('uses the band’s general template for an attribute without one, and the built-in text where none applies', async () => {
    // Cabin temperature 35 °F is WARNING (30–39); speed 48 mph is SEVERE, and no SEVERE template covers speed.
    await send(Array.from({ length: 4 }, (_, i) => ({ ts: base + (10 + i) * MIN, cabinTemp: 35, speed: 48 })));
    await expect.poll(() => mailsTo('list@fleet.test').length, { timeout: 10_000 }).toBe(3);
    const list = mailsTo('list@fleet.test');
    expect(list).toContainEqual(expect.stringContaining('Heads-up Cart 9: Cabin Temperature reads 35°F'));
    expect(list).toContainEqual(
      expect.stringContaining(`Cart 9 (VIN VIN-TPL-9): SEVERE: speed is 48 mph at ${minute(12)} GMT.`),
    );
    expect(mailsTo('own@fleet.test')).toHaveLength(3);
  });

  it('tells of a recovery in the built-in words', async () => {
    await send([{ ts: base + 20 * MIN, motorCurrent: 50 }]);
    await expect
      .poll(() => mailsTo('list@fleet.test').filter((m) => m.includes('Motor Current is back to NORMAL')).length, {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it('a list unlinked from the vehicle no longer receives its alerts', async () => {
    const [list] = (await admin('GET', '/api/notification-lists')).json<{ id: number }[]>();
    await admin('PUT', '/api/notification-lists', {
      id: list.id,
      name: 'Depot',
      emails: ['list@fleet.test'],
      vehicles: [],
    });
    const before = mailsTo('list@fleet.test').length;
    await send(Array.from({ length: 4 }, (_, i) => ({ ts: base + (30 + i) * MIN, motorCurrent: 400 })));
    await expect
      .poll(() => mailsTo('own@fleet.test').filter((m) => m.includes('Motor Current=400')).length, { timeout: 10_000 })
      .toBe(1);
    expect(mailsTo('list@fleet.test')).toHaveLength(before);
  });
});
