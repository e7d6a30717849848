import ExcelJS from 'exceljs';
import { localDate } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { addDays, localInstant } from '../../../src/modules/can-report/schedules/schedule-period.js';
import { MIN, readingSender } from '../../support/can-readings.js';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { startSmtp } from '../../support/smtp.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const ZONE = 'America/Chicago';
const DAY_MS = 86_400_000;

/** The attachment of a raw MIME mail, as nodemailer writes it (a base64 part after its headers). */
function attachmentOf(raw: string): { name: string; content: Buffer } {
  const header = /Content-Disposition: attachment; filename="([^"]+)"\r?\n\r?\n/.exec(raw);
  if (!header) throw new Error('no attachment in mail');
  const body = raw.slice(header.index + header[0].length);
  return { name: header[1], content: Buffer.from(body.slice(0, body.indexOf('--')).replace(/\s+/g, ''), 'base64') };
}

describe.each(DATABASE_KINDS)('CAN report schedules on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: Tenant;
  let dealerA: Caller;
  let templateId: number;
  // Readings at noon, Chicago time, on the local day before today. Yesterday by the calendar, not
  // 24 hours back: around a change of clocks a local day lasts 23 or 25 hours.
  const today = localDate(Date.now(), ZONE);
  const yesterday = addDays(today, -1);
  const noon = localInstant(yesterday, 12, ZONE);
  const outbox = async () =>
    (
      await t.database.db.execute<{ recipient: string; attachment_name: string | null }>(
        sql`select recipient, attachment_name from mail_outbox where kind = 'can-report' order by id`,
      )
    ).rows;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    const admin = await t.admin();
    a = await createTenant(t, admin, 'A');
    dealerA = callerFor(t, a.dealer);
    await t.database.db.execute(sql`update vehicle set time_zone = ${ZONE}`);
    const send = await readingSender(t);
    await send(
      'VIN-a1-2',
      Array.from({ length: 30 }, (_, i) => ({ ts: noon + i * MIN, speed: i, batteryCharge: 60 })),
    );
    const saved = await dealerA('POST', '/api/canreport/saveTemplate', {
      templateName: 'Depot/daily',
      vehiclesIds: [a.vehicles.inFleet],
      columns: ['batteryCharge', 'speed'],
      startDate: new Date(noon).toISOString(),
      endDate: new Date(noon + 3_600_000).toISOString(),
    });
    templateId = saved.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sets, reads and removes a template’s schedule, the first run at the local hour', async () => {
    const url = `/api/canreport/templates/${templateId}/schedule`;
    // Not scheduled is a normal state: 200 with null, so opening the template makes no failed request.
    const none = await dealerA('GET', url);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const weekly = await dealerA('PUT', url, { period: 'WEEKLY', hour: 6, recipients: ['ops@fleet.test'] });
    expect(weekly.json<{ fieldErrors: { field: string; message: string }[] }>().fieldErrors).toEqual([
      { objectName: 'body', field: 'weekday', message: 'Choose the day of the week' },
    ]);
    expect((await dealerA('PUT', url, { period: 'DAILY', hour: 6, recipients: ['not-an-address'] })).statusCode).toBe(
      400,
    );
    const put = await dealerA('PUT', url, {
      period: 'DAILY',
      hour: 6,
      recipients: ['ops@fleet.test', 'boss@fleet.test'],
    });
    expect(put.statusCode).toBe(200);
    const schedule = put.json<{ nextRunAt: string; timeZone: string; weekday: number | null }>();
    expect(schedule).toMatchObject({
      templateId,
      period: 'DAILY',
      weekday: null,
      hour: 6,
      timeZone: ZONE,
      lastRunAt: null,
    });
    const next = Date.parse(schedule.nextRunAt);
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(DAY_MS + 3_600_000); // the day the clocks go back has 25 hours
    expect(
      Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(next)),
    ).toBe(6);
    expect((await dealerA('GET', url)).json()).toEqual(schedule);
    // Only the template's owner reaches it.
    const fleet = callerFor(t, a.fleet);
    expect((await fleet('GET', url)).statusCode).toBe(404);
    expect((await fleet('PUT', url, { period: 'DAILY', hour: 6, recipients: ['x@fleet.test'] })).statusCode).toBe(404);
    expect((await fleet('DELETE', url)).statusCode).toBe(404);
    expect((await dealerA('DELETE', url)).statusCode).toBe(204);
    expect((await dealerA('GET', url)).json()).toBeNull();
  });

  it('mails a due run once per period across instances, with yesterday’s report attached as xlsx', async () => {
    await dealerA('PUT', `/api/canreport/templates/${templateId}/schedule`, {
      period: 'DAILY',
      hour: 6,
      recipients: ['ops@fleet.test', 'boss@fleet.test'],
    });
    // Due since midnight today, Chicago time (past whenever the test runs): the run reports on yesterday.
    await t.database.db.execute(
      sql`update report_schedule set next_run_at = ${new Date(localInstant(today, 0, ZONE))}`,
    );
    // A second instance on the same database: its start-up run races this one's.
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await Promise.all([other.ready(), t.app.reportScheduler.runDue(), other.reportScheduler.runDue()]);
    await other.reportScheduler.runDue();
    await other.close();
    expect((await outbox()).map((m) => m.recipient).sort()).toEqual(['boss@fleet.test', 'ops@fleet.test']);
    const [row] = (
      await t.database.db.execute<{ next_run_at: Date; last_run_at: Date | null }>(
        sql`select next_run_at, last_run_at from report_schedule`,
      )
    ).rows;
    expect(new Date(row.next_run_at).getTime()).toBeGreaterThan(Date.now());
    expect(row.last_run_at).not.toBeNull();

    await t.app.mail.flush();
    const mail = await smtp.waitFor('ops@fleet.test');
    expect(mail.raw).toContain(`CAN report Depot/daily: Van a1 2 (VIN-a1-2), ${yesterday}`);
    expect(mail.raw).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const file = attachmentOf(mail.raw);
    expect(file.name).toBe(`Depot-daily ${yesterday}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer); // ExcelJS types predate Buffer generics
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Date', 'Vehicle', 'Battery Charge', 'Speed']);
    expect(sheet.rowCount).toBe(31);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([new Date(noon), 'Van a1 2', 60, 0]);
  });

  it('does not run again within the period', async () => {
    await t.app.reportScheduler.runDue();
    expect(await outbox()).toHaveLength(2);
  });

  it("follows its owner's rights at each run: stopped while deactivated, and only what the owner sees", async () => {
    const due = () =>
      t.database.db.execute(sql`update report_schedule set next_run_at = ${new Date(localInstant(today, 0, ZONE))}`);
    const owner = sql`(select user_id from can_report_template where id = ${templateId})`;
    await t.database.db.execute(sql`update app_user set activated = false where id = ${owner}`);
    await due();
    await t.app.reportScheduler.runDue();
    expect(await outbox()).toHaveLength(2);

    // Active again, but the vehicle moved to no dealer: the run says so and attaches nothing.
    await t.database.db.execute(sql`update app_user set activated = true where id = ${owner}`);
    await t.database.db.execute(
      sql`update vehicle set dealer_id = null, fleet_id = null where id = ${a.vehicles.inFleet}`,
    );
    await t.app.reportScheduler.runDue();
    const rows = await outbox();
    expect(rows).toHaveLength(4);
    expect(rows.slice(2).map((m) => m.attachment_name)).toEqual([null, null]);
    const { rows: bodies } = await t.database.db.execute<{ body: string }>(
      sql`select body from mail_outbox where kind = 'can-report' order by id desc limit 1`,
    );
    expect(bodies[0].body).toContain("the vehicle is no longer visible to the template's owner.");
  });
});
