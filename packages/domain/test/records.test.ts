import { describe, expect, it } from 'vitest';
import {
  carRecord,
  emailTemplateRecord,
  notificationRecord,
  parseVehicleCanId,
  RECORDS,
  RECORD_TEXTS,
  renderAlertTemplate,
  unknownPlaceholders,
  vehicleCanId,
  vehicleCanRecord,
  vehicleLogRecord,
} from '../src/index.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('record descriptions', () => {
  it('give every screen its spec texts', () => {
    expect(Object.values(RECORDS).map((r) => [r.key, r.title, r.emptyText])).toEqual([
      ['car', 'Cars', 'No Cars found'],
      ['email-template', 'Email Templates', 'No Email Templates found'],
      ['notification', 'Notifications', 'No Notifications found'],
      ['vehicle-log', 'Vehicle Logs', 'No Vehicle Logs found'],
      ['vehicle-can', 'Vehicle CAN Records', 'No Vehicle CAN Records found'],
    ]);
    expect(RECORD_TEXTS.confirmDelete(vehicleLogRecord.entity)).toBe(
      'Are you sure you want to delete this Vehicle Log?',
    );
    expect(vehicleLogRecord.columns.map((c) => vehicleLogRecord.fields[c].label)).toEqual([
      'Log Time',
      'Warning Type',
      'Message',
      'Vehicle',
    ]);
    expect(emailTemplateRecord.fields.type.options).toEqual(['WARNING', 'SEVERE']);
  });

  it('store numbers typed as text as numbers and refuse what is not one', () => {
    const ok = vehicleCanRecord.writeSchema.parse({
      vehicle: { id: 3 },
      batteryCharged: ' 12.5 ',
      odometer: 7,
      bt27: '3.31',
      packVoltage: '',
    });
    expect([ok.vehicle, ok.batteryCharged, ok.odometer, ok.bt27, ok.packVoltage, ok.chargeStatus]).toEqual([
      3,
      12.5,
      7,
      3.31,
      null,
      false,
    ]);
    expect(
      issues(vehicleCanRecord.writeSchema.safeParse({ vehicle: 3, packVoltage: '80V', motorRpm: 'Infinity' })),
    ).toEqual([
      ['packVoltage', RECORD_TEXTS.notANumber],
      ['motorRpm', RECORD_TEXTS.notANumber],
    ]);
  });

  it('drop empty relations and ids (§3 clean-up) and require the vehicle of a reading or log', () => {
    expect(carRecord.writeSchema.parse({ id: '', name: '' })).toEqual({ id: null, name: null });
    expect(
      issues(
        vehicleLogRecord.writeSchema.safeParse({ vehicle: { id: -1 }, warningType: 'BAD', logTime: 'yesterday-ish' }),
      ),
    ).toEqual([
      ['logTime', RECORD_TEXTS.notADateTime],
      ['warningType', 'must be one of WARNING, SEVERE, GOOD'],
      ['vehicle', RECORD_TEXTS.vehicleRequired],
    ]);
    expect(vehicleLogRecord.writeSchema.parse({ vehicle: 2 })).toMatchObject({
      warningType: 'WARNING',
      vehicle: 2,
      logTime: null,
    });
    expect(
      notificationRecord.writeSchema.parse({ vehicles: [{ id: 1 }, { id: '' }, 2, 2], emails: 'a@b.co,\n c@d.co' }),
    ).toMatchObject({
      vehicles: [1, 2],
      emails: ['a@b.co', 'c@d.co'],
    });
    expect(
      issues(notificationRecord.writeSchema.safeParse({ emails: ['ok@b.co', 'nope'], smsNumbers: ['call me'] })),
    ).toEqual([
      ['emails.1', 'Invalid Email'],
      ['smsNumbers.0', 'Phone numbers contain digits, spaces and + ( ) - only.'],
    ]);
  });

  it('name a reading by vehicle and time', () => {
    expect(vehicleCanId(12, 1_700_000_000_000)).toBe('12-1700000000000');
    expect(parseVehicleCanId('12-1700000000000')).toEqual({ vehicleId: 12, ts: 1_700_000_000_000 });
    expect(parseVehicleCanId('12')).toBeNull();
  });
});

describe('email template placeholders', () => {
  it('are checked when saved', () => {
    expect(unknownPlaceholders('{vehicleName} {vin} {metric} {value}{unit} {band} {time}')).toEqual([]);
    expect(unknownPlaceholders('{vehicleNmae} and {x} and {x}')).toEqual(['vehicleNmae', 'x']);
    expect(issues(emailTemplateRecord.writeSchema.safeParse({ template: 'Hi {driver}' }))).toEqual([
      ['template', 'Unknown placeholder: {driver}'],
    ]);
  });

  it('are filled in', () => {
    const text = renderAlertTemplate('{band} on {vehicleName} ({vin}): {metric} {value} {unit} at {time}', {
      vehicleName: 'Cart 7',
      vin: 'V1',
      metric: 'motorCurrent',
      displayName: 'Motor Current',
      band: 'SEVERE',
      value: 302.456,
      at: new Date('2026-11-22T07:12:30Z'),
    });
    expect(text).toBe('SEVERE on Cart 7 (V1): Motor Current 302.46 A at 22/11/2026 07:12 GMT');
  });
});
