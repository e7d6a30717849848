import { DEFAULT_THRESHOLDS } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { startSmtp } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createDevice, postReadings } from '../support/vehicles.js';
import { valuesFrom } from '../../src/readings/reading.js';

describe.each(DATABASE_KINDS)('alerts from readings on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let device: Awaited<ReturnType<typeof createDevice>>;
  const MIN = 60_000;
  const base = Date.now() - 120 * MIN;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    // Motor current alerts after 2 minutes, reminders every 10; notification by mail.
    const attributes = DEFAULT_THRESHOLDS.map((a) =>
      a.name === 'motorCurrent' ? { ...a, minutesBackward: 2, notificationFrequencyHour: 10 } : a,
    );
    device = await createDevice(t.database, 'VIN-ALERT-1', {
      name: 'Cart 7',
      attributes,
      emailNotification: true,
      notificationEmail: 'ops@fleet.test',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const send = (readings: object[]) => postReadings(t, device, readings);
  const logRows = async () =>
    (
      await t.database.db.execute<{ type: string; attribute_name: string; value: number }>(
        sql`select type, attribute_name, value from warning_log where vehicle_id = ${device.id} order by date, id`,
      )
    ).rows;

  it('writes one entry and one mail for an episode, even when the same readings arrive concurrently', async () => {
    const severe = Array.from({ length: 6 }, (_, i) => ({ ts: base + i * MIN, motorCurrent: 300 + i }));
    // The same readings three times at once: storage keeps one copy, alerts see them once.
    const answers = await Promise.all([send(severe), send(severe), send(severe)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await t.app.telemetry.alerts.idle();
    expect(await logRows()).toEqual([{ type: 'SEVERE', attribute_name: 'motorCurrent', value: 302 }]);
    const mail = await smtp.waitFor('ops@fleet.test');
    expect(mail.raw).toContain('Cart 7 (VIN VIN-ALERT-1): SEVERE: motor current is 302 A');
  });

  it('judges the readings of a message in time order, whatever order the device sent them in', async () => {
    const newestFirst = await createDevice(t.database, 'VIN-ALERT-NEWEST', {
      attributes: DEFAULT_THRESHOLDS.map((a) => (a.name === 'motorCurrent' ? { ...a, minutesBackward: 2 } : a)),
    });
    // A tracker set to send its newest records first: taken as sent, all but the first would be late.
    const severe = Array.from({ length: 6 }, (_, i) => ({ ts: base + i * MIN, motorCurrent: 300 + i })).reverse();
    expect((await postReadings(t, newestFirst, severe)).statusCode).toBe(200);
    await t.app.telemetry.alerts.idle();
    const { rows } = await t.database.db.execute<{ type: string; value: number }>(
      sql`select type, value from warning_log where vehicle_id = ${newestFirst.id}`,
    );
    expect(rows).toEqual([{ type: 'SEVERE', value: 302 }]);
  });

  it('reminds once per notification frequency, then logs the return to NORMAL', async () => {
    const more = Array.from({ length: 14 }, (_, i) => ({ ts: base + (6 + i) * MIN, motorCurrent: 310 }));
    await send([...more, { ts: base + 21 * MIN, motorCurrent: 50 }]);
    await t.app.telemetry.alerts.idle();
    await t.app.mail.flush();
    expect((await logRows()).map((r) => r.type)).toEqual(['SEVERE', 'NORMAL']);
    // entered (minute 2), reminder at minute 12, recovery at minute 21
    const toOps = smtp.received.filter((m) => m.to.includes('ops@fleet.test'));
    expect(toOps).toHaveLength(3);
    expect(toOps[2].raw).toContain('Motor Current is back to NORMAL');
  });

  it('does not repeat an entry after a restart of the alert engine', async () => {
    const { createAlertEngine } = await import('../../src/alerts/alert-engine.js');
    const { createAlertSettings } = await import('../../src/alerts/thresholds.js');
    const fresh = createAlertEngine({
      db: t.database.db,
      settings: createAlertSettings(t.database.db),
      log: t.app.log,
      messagesPerHour: 30,
      messagesQueued: () => undefined,
    });
    const replay = Array.from({ length: 6 }, (_, i) => ({
      vehicleId: device.id,
      reading: { ts: base + i * MIN, values: valuesFrom({ motorCurrent: 300 + i }), cells: null, extra: null },
    }));
    await fresh.apply(replay);
    expect((await logRows()).map((r) => r.type)).toEqual(['SEVERE', 'NORMAL']);
  });

  it('keeps where each metric stands in alert_state, so an episode begun before a restart ends after it', async () => {
    const { rows } = await t.database.db.execute<{
      band: string;
      since: Date | string;
      logged: boolean;
      last_notified_at: Date | null;
      last_ts: Date | string;
    }>(
      sql`select band, since, logged, last_notified_at, last_ts from alert_state where vehicle_id = ${device.id} and attribute_name = 'motorCurrent'`,
    );
    expect(rows).toHaveLength(1);
    expect({
      ...rows[0],
      since: new Date(rows[0].since).getTime(),
      last_ts: new Date(rows[0].last_ts).getTime(),
    }).toEqual({
      band: 'NORMAL',
      since: base + 21 * MIN,
      logged: false,
      last_notified_at: null,
      last_ts: base + 21 * MIN,
    });

    // One minute of WARNING (under its 2 minutes backward) is stored as the episode's start ...
    await send([
      { ts: base + 30 * MIN, motorCurrent: 210 },
      { ts: base + 31 * MIN, motorCurrent: 210 },
    ]);
    await t.app.telemetry.alerts.idle();
    const { createAlertEngine } = await import('../../src/alerts/alert-engine.js');
    const { createAlertSettings } = await import('../../src/alerts/thresholds.js');
    const fresh = createAlertEngine({
      db: t.database.db,
      settings: createAlertSettings(t.database.db),
      log: t.app.log,
      messagesPerHour: 30,
      messagesQueued: () => undefined,
    });
    // ... which an engine started afterwards continues: the entry comes at minute 32, dated from minute 30.
    await fresh.apply([
      {
        vehicleId: device.id,
        reading: { ts: base + 32 * MIN, values: valuesFrom({ motorCurrent: 211 }), cells: null, extra: null },
      },
    ]);
    const entries = (
      await t.database.db.execute<{ type: string; episode_since: Date | string }>(
        sql`select type, episode_since from warning_log where vehicle_id = ${device.id} order by date, id`,
      )
    ).rows;
    expect(entries.map((e) => [e.type, new Date(e.episode_since).getTime()])).toEqual([
      ['SEVERE', base],
      ['NORMAL', base + 21 * MIN],
      ['WARNING', base + 30 * MIN],
    ]);
  });
});
