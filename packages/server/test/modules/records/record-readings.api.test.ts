import { RECORD_TEXTS, vehicleCanId } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** Vehicle logs (the warning log) and vehicle CAN records (readings of the history), docs/records.md. */
describe.each(DATABASE_KINDS)('vehicle logs and CAN records on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  let a: Tenant;
  let b: Tenant;
  let dealerA: Caller;
  let driverA: Caller;
  const HOUR = 3_600_000;
  const at = Math.floor((Date.now() - 5 * HOUR) / 1000) * 1000;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const bearer = await t.admin();
    admin = callerFor(t, bearer);
    staff = callerFor(t, await t.user());
    a = await createTenant(t, bearer, 'ReadA');
    b = await createTenant(t, bearer, 'ReadB');
    dealerA = callerFor(t, a.dealer);
    driverA = callerFor(t, a.driver);
  });
  afterAll(() => t?.close());

  const fieldsOf = (res: { json: () => unknown }) =>
    (res.json() as { fieldErrors?: { field: string; message: string }[] }).fieldErrors?.map((e) => [
      e.field,
      e.message,
    ]);

  describe('vehicle logs', () => {
    it('an administrator enters, corrects and removes a log, marked manual', async () => {
      const created = await admin('POST', '/api/vehicle-logs', {
        logTime: new Date(at).toISOString(),
        warningType: 'SEVERE',
        message: 'Brake noise reported',
        vehicle: { id: a.vehicles.withDriver },
      });
      expect(created.statusCode).toBe(201);
      const log = created.json<{ id: number }>();
      expect(created.json()).toEqual({
        id: log.id,
        logTime: new Date(at).toISOString(),
        warningType: 'SEVERE',
        message: 'Brake noise reported',
        vehicle: { id: a.vehicles.withDriver, name: expect.any(String) },
        attributeName: 'manual',
        value: null,
        manual: true,
      });
      // It is a warning-log entry: the vehicle detail's log shows it.
      const detail = await admin('GET', `/api/notifications?vehicleId=${a.vehicles.withDriver}&pageNo=0&pageSize=10`);
      expect(detail.json<{ totalCount: number }>().totalCount).toBe(1);

      const good = await admin('PUT', '/api/vehicle-logs', {
        id: log.id,
        warningType: 'GOOD',
        message: 'Fixed',
        vehicle: a.vehicles.withDriver,
        logTime: new Date(at + 60_000).toISOString(),
      });
      expect(good.json()).toMatchObject({
        id: log.id,
        warningType: 'GOOD',
        message: 'Fixed',
        logTime: new Date(at + 60_000).toISOString(),
      });
      const { rows } = await t.database.db.execute<{ type: string; manual: boolean }>(
        sql`select type, manual from warning_log where id = ${log.id}`,
      );
      expect(rows).toEqual([{ type: 'NORMAL', manual: true }]);

      expect((await admin('DELETE', `/api/vehicle-logs/${log.id}`)).statusCode).toBe(204);
      expect((await admin('GET', `/api/vehicle-logs/${log.id}`)).statusCode).toBe(404);
    });

    it('an alert-made entry edited by an administrator becomes manual; a log without a time is dated now', async () => {
      const { rows } = await t.database.db.execute<{ id: number }>(sql`
        insert into warning_log (vehicle_id, type, attribute_name, name, value, date, episode_since, notification_content)
        values (${a.vehicles.inFleet}, 'WARNING', 'motorCurrent', 'Motor Current', 210, now(), now(), 'auto') returning id`);
      const id = rows[0].id;
      expect((await admin('GET', `/api/vehicle-logs/${id}`)).json()).toMatchObject({
        warningType: 'WARNING',
        attributeName: 'motorCurrent',
        value: 210,
        manual: false,
        message: 'auto',
      });
      expect(
        (
          await admin('PUT', '/api/vehicle-logs', {
            id,
            warningType: 'SEVERE',
            vehicle: a.vehicles.inFleet,
            message: 'checked',
          })
        ).json(),
      ).toMatchObject({ manual: true, warningType: 'SEVERE' });
      const now = (await admin('POST', '/api/vehicle-logs', { vehicle: b.vehicles.free })).json<{
        logTime: string;
        warningType: string;
      }>();
      expect(now.warningType).toBe('WARNING');
      expect(Math.abs(Date.parse(now.logTime) - Date.now())).toBeLessThan(60_000);
    });

    it('lists are paged, filtered by vehicle and scoped to the caller', async () => {
      const all = await admin('GET', `/api/vehicle-logs?cacheBuster=${Date.now()}&size=1`);
      expect(all.headers['x-total-count']).toBe('2');
      expect(all.json()).toHaveLength(1);
      const ofB = await admin('GET', `/api/vehicle-logs?vehicleId=${b.vehicles.free}`);
      expect(ofB.json<{ vehicle: { id: number } }[]>().map((l) => l.vehicle.id)).toEqual([b.vehicles.free]);

      const mine = await dealerA('GET', '/api/vehicle-logs');
      expect(mine.headers['x-total-count']).toBe('1');
      expect(mine.json<{ vehicle: { id: number } }[]>()[0].vehicle.id).toBe(a.vehicles.inFleet);
      const bLog = ofB.json<{ id: number }[]>()[0].id;
      expect((await dealerA('GET', `/api/vehicle-logs/${bLog}`)).statusCode).toBe(404);
      // The driver holds the other vehicle of the fleet, which has no log.
      expect((await driverA('GET', '/api/vehicle-logs')).headers['x-total-count']).toBe('0');
      // The dealer's Warning Logs toggle for its vehicles in a fleet hides their logs.
      const toggle = (on: boolean) =>
        admin('PUT', '/api/role-permissions/ROLE_DEALER', { permissions: { 'assignVehicle.warningLogs': on } });
      expect((await toggle(false)).statusCode).toBe(200);
      expect((await dealerA('GET', '/api/vehicle-logs')).headers['x-total-count']).toBe('0');
      expect((await dealerA('GET', `/api/vehicle-logs/${mine.json<{ id: number }[]>()[0].id}`)).statusCode).toBe(404);
      await toggle(true);
      expect((await dealerA('GET', '/api/vehicle-logs')).headers['x-total-count']).toBe('1');
    });

    it('bad input gets field errors; only administrators write', async () => {
      const bad = await admin('POST', '/api/vehicle-logs', {
        logTime: 'yesterday',
        warningType: 'CRITICAL',
        vehicle: { id: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual([
        ['logTime', RECORD_TEXTS.notADateTime],
        ['warningType', 'must be one of WARNING, SEVERE, GOOD'],
        ['vehicle', RECORD_TEXTS.vehicleRequired],
      ]);
      expect(fieldsOf(await admin('POST', '/api/vehicle-logs', { vehicle: 987_654 }))).toEqual([
        ['vehicle', 'The vehicle does not exist.'],
      ]);
      expect(
        fieldsOf(await admin('POST', '/api/vehicle-logs', { vehicle: a.vehicles.free, message: 'x'.repeat(2001) })),
      ).toEqual([['message', 'Max']]);
      for (const who of [staff, dealerA, driverA, callerFor(t, a.fleet)]) {
        expect((await who('POST', '/api/vehicle-logs', { vehicle: a.vehicles.free })).statusCode).toBe(403);
        expect((await who('DELETE', '/api/vehicle-logs/1')).statusCode).toBe(403);
      }
    });
  });

  describe('vehicle CAN records', () => {
    const reading = {
      recordedTime: new Date(at).toISOString(),
      batteryCharged: 76.5,
      chargeStatus: true,
      odometer: 1200.4,
      packVoltage: 82,
      battryCurrent: -12,
      mpge: 101,
      bt1: 3.31,
      bt2: 3.3,
    };

    it('a reading entered here is stored with numbers as numbers and appears in the CAN report', async () => {
      const created = await admin('POST', '/api/vehicle-cans', { ...reading, vehicle: { id: a.vehicles.withDriver } });
      expect(created.statusCode).toBe(201);
      const id = vehicleCanId(a.vehicles.withDriver, at);
      expect(created.json()).toMatchObject({
        id,
        recordedTime: new Date(at).toISOString(),
        batteryCharged: 76.5,
        chargeStatus: true,
        odometer: 1200.4,
        packVoltage: 82,
        battryCurrent: -12,
        mpge: 101,
        bt1: 3.31,
        bt2: 3.3,
        bt3: null,
        cabinTemp: null,
        vehicle: { id: a.vehicles.withDriver },
      });

      const { rows } = await t.database.db.execute<{
        battery_charge: number;
        charge_status: number;
        vehicle_current: number;
        cells: number[];
        extra: Record<string, number>;
      }>(
        sql`select battery_charge, charge_status, vehicle_current, cells, extra from can_reading where vehicle_id = ${a.vehicles.withDriver}`,
      );
      expect(rows).toEqual([
        {
          battery_charge: 76.5,
          charge_status: 1,
          vehicle_current: -12,
          cells: [expect.closeTo(3.31, 5), expect.closeTo(3.3, 5)],
          extra: { mpge: 101 },
        },
      ]);

      const report = await admin('POST', '/api/canreport/getListCanHistory', {
        vehiclesIds: [a.vehicles.withDriver],
        columns: ['batteryCharge', 'packVoltage'],
        startDate: new Date(at - HOUR).toISOString(),
        endDate: new Date(at + HOUR).toISOString(),
      });
      expect(report.statusCode).toBe(200);
      expect(report.json()).toMatchObject({
        totalCount: 1,
        data: [{ 'Battery Charge': { value: 76.5 }, 'Pack Voltage': { value: 82 } }],
      });
    });

    it('a correction changes the stored reading and keeps what the form does not show', async () => {
      const id = vehicleCanId(a.vehicles.withDriver, at);
      await t.database.db.execute(
        sql`update can_reading set speed = 12, cells = cells || array[3.1, 3.2]::real[] where vehicle_id = ${a.vehicles.withDriver}`,
      );
      // The form knows bt1…bt27 only, so cells 28+ (none here) and speed stay; bt3 and bt4 are the cells just set.
      const fixed = await admin('PUT', '/api/vehicle-cans', {
        ...reading,
        id,
        vehicle: a.vehicles.withDriver,
        batteryCharged: 80,
        bt3: 3.15,
        bt4: 3.2,
        mpge: '',
      });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json()).toMatchObject({ id, batteryCharged: 80, bt3: 3.15, mpge: null });
      const { rows } = await t.database.db.execute<{ battery_charge: number; speed: number; extra: unknown }>(
        sql`select battery_charge, speed, extra from can_reading where vehicle_id = ${a.vehicles.withDriver}`,
      );
      expect(rows).toEqual([{ battery_charge: 80, speed: 12, extra: null }]);
    });

    it('moving a reading to another time gives it a new id; delete removes it', async () => {
      const old = vehicleCanId(a.vehicles.withDriver, at);
      const later = at + 30_000;
      const moved = await admin('PUT', '/api/vehicle-cans', {
        ...reading,
        id: old,
        vehicle: a.vehicles.withDriver,
        recordedTime: new Date(later).toISOString(),
      });
      expect(moved.json()).toMatchObject({
        id: vehicleCanId(a.vehicles.withDriver, later),
        recordedTime: new Date(later).toISOString(),
      });
      expect((await admin('GET', `/api/vehicle-cans/${old}`)).statusCode).toBe(404);
      const list = await admin('GET', `/api/vehicle-cans?vehicleId=${a.vehicles.withDriver}&cacheBuster=1`);
      expect([list.headers['x-total-count'], list.json<{ id: string }[]>().map((r) => r.id)]).toEqual([
        '1',
        [vehicleCanId(a.vehicles.withDriver, later)],
      ]);
      expect(
        (await admin('DELETE', `/api/vehicle-cans/${vehicleCanId(a.vehicles.withDriver, later)}`)).statusCode,
      ).toBe(204);
      expect(
        (await admin('GET', `/api/vehicle-cans?vehicleId=${a.vehicles.withDriver}`)).headers['x-total-count'],
      ).toBe('0');
    });

    it('bad input: not a number, not a time, no vehicle, a gap in the cells, a reading already there', async () => {
      const bad = await admin('POST', '/api/vehicle-cans', {
        batteryCharged: 'full',
        packVoltage: '80 V',
        recordedTime: '32/13/2026',
      });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual([
        ['recordedTime', RECORD_TEXTS.notADateTime],
        ['vehicle', RECORD_TEXTS.vehicleRequired],
        ['batteryCharged', RECORD_TEXTS.notANumber],
        ['packVoltage', RECORD_TEXTS.notANumber],
      ]);
      expect(
        fieldsOf(await admin('POST', '/api/vehicle-cans', { vehicle: a.vehicles.free, bt1: 3.3, bt3: 3.3 })),
      ).toEqual([['bt2', 'Cells are numbered from 1: enter this cell too.']]);
      const ahead = new Date(Date.now() + 3_600_000).toISOString();
      expect(
        fieldsOf(await admin('POST', '/api/vehicle-cans', { vehicle: a.vehicles.free, recordedTime: ahead })),
      ).toEqual([['recordedTime', 'A reading cannot be dated in the future.']]);
      expect(
        fieldsOf(
          await admin('POST', '/api/vehicle-cans', { vehicle: a.vehicles.free, recordedTime: '2020-01-01T00:00:00Z' }),
        ),
      ).toEqual([['recordedTime', 'A reading cannot be older than 400 days.']]);
      const first = await admin('POST', '/api/vehicle-cans', {
        vehicle: a.vehicles.free,
        recordedTime: new Date(at).toISOString(),
        odometer: 5,
      });
      expect(first.statusCode).toBe(201);
      const again = await admin('POST', '/api/vehicle-cans', {
        vehicle: a.vehicles.free,
        recordedTime: new Date(at).toISOString(),
        odometer: 6,
      });
      expect([again.statusCode, again.headers['x-evfleetapp-error']]).toEqual([
        400,
        'This vehicle already has a reading at this time.',
      ]);
      expect(fieldsOf(await admin('GET', '/api/vehicle-cans'))).toEqual([['vehicleId', RECORD_TEXTS.vehicleRequired]]);
      expect((await admin('GET', '/api/vehicle-cans/not-an-id')).statusCode).toBe(400);
      expect((await admin('GET', `/api/vehicle-cans/${vehicleCanId(a.vehicles.free, at + 1)}`)).statusCode).toBe(404);
    });

    it('refuses numbers outside the physical range of the signal they are stored as, 1e308 included', async () => {
      const when = new Date(at - HOUR).toISOString();
      const res = await admin('POST', '/api/vehicle-cans', {
        vehicle: a.vehicles.free,
        recordedTime: when,
        odometer: 1e308,
        bt1: '1e308',
        latitude: 91,
        batteryCharged: -1,
        mpge: 1e308,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([
        ['batteryCharged', RECORD_TEXTS.outOfRange(0, 100)],
        ['mpge', RECORD_TEXTS.outOfRange(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)],
        ['odometer', RECORD_TEXTS.outOfRange(0, 10_000_000)],
        ['bt1', RECORD_TEXTS.outOfRange(0, 20)],
        ['latitude', RECORD_TEXTS.outOfRange(-90, 90)],
      ]);
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from can_reading where vehicle_id = ${a.vehicles.free} and ts = ${new Date(at - HOUR)}`,
      );
      expect(rows[0].n).toBe(0);
      // The ends of a range are inside it.
      const edge = await admin('POST', '/api/vehicle-cans', {
        vehicle: a.vehicles.free,
        recordedTime: when,
        batteryCharged: 100,
        latitude: -90,
        longitude: 180,
        bt1: 0,
      });
      expect(edge.statusCode).toBe(201);
      expect((await admin('DELETE', `/api/vehicle-cans/${vehicleCanId(a.vehicles.free, at - HOUR)}`)).statusCode).toBe(
        204,
      );
    });

    it('readers see the readings of their own vehicles only; only administrators write', async () => {
      const id = vehicleCanId(a.vehicles.free, at);
      expect((await dealerA('GET', `/api/vehicle-cans/${id}`)).json()).toMatchObject({ odometer: 5 });
      expect((await dealerA('GET', `/api/vehicle-cans?vehicleId=${a.vehicles.free}`)).headers['x-total-count']).toBe(
        '1',
      );
      const other = callerFor(t, b.dealer);
      expect((await other('GET', `/api/vehicle-cans/${id}`)).statusCode).toBe(404);
      expect((await other('GET', `/api/vehicle-cans?vehicleId=${a.vehicles.free}`)).headers['x-total-count']).toBe('0');
      expect((await driverA('GET', `/api/vehicle-cans/${id}`)).statusCode).toBe(404);
      // The dealer's CAN History toggle for its vehicles in no fleet hides their readings.
      await admin('PUT', '/api/role-permissions/ROLE_DEALER', { permissions: { 'unassignVehicle.canHistory': false } });
      expect((await dealerA('GET', `/api/vehicle-cans/${id}`)).statusCode).toBe(404);
      expect((await dealerA('GET', `/api/vehicle-cans?vehicleId=${a.vehicles.free}`)).headers['x-total-count']).toBe(
        '0',
      );
      await admin('PUT', '/api/role-permissions/ROLE_DEALER', { permissions: { 'unassignVehicle.canHistory': true } });
      for (const who of [staff, dealerA, driverA]) {
        expect((await who('POST', '/api/vehicle-cans', { vehicle: a.vehicles.free })).statusCode).toBe(403);
        expect((await who('PUT', '/api/vehicle-cans', { id, vehicle: a.vehicles.free })).statusCode).toBe(403);
        expect((await who('DELETE', `/api/vehicle-cans/${id}`)).statusCode).toBe(403);
      }
    });
  });
});
