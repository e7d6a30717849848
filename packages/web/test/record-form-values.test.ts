import { emailTemplateRecord, notificationRecord, vehicleCanRecord, vehicleLogRecord } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { cleanPayload } from '../src/api/clean-payload';
import { toFormValues, toPayload } from '../src/features/records/record-form-values';

describe('record form values (part 2 §3, §4)', () => {
  it('starts a new record at the schema defaults: WARNING, charge status off, no vehicle', () => {
    expect(toFormValues(vehicleLogRecord, null)).toMatchObject({
      id: '',
      warningType: 'WARNING',
      message: '',
      vehicle: '',
      logTime: '',
    });
    expect(toFormValues(emailTemplateRecord, null)).toMatchObject({ type: 'WARNING', attributeName: '' });
    expect(toFormValues(vehicleCanRecord, null)).toMatchObject({
      chargeStatus: false,
      batteryCharged: '',
      vehicle: '',
    });
  });

  it('edits a record as text, with its references as ids and its lists one item per line', () => {
    const values = toFormValues(notificationRecord, {
      id: 4,
      name: 'Ops',
      emails: ['a@x.test', 'b@x.test'],
      smsNumbers: [],
      vehicles: [{ id: 7, name: 'EV 7' }],
    });
    expect(values).toEqual({ id: '4', name: 'Ops', emails: 'a@x.test\nb@x.test', smsNumbers: '', vehicles: ['7'] });
    expect(
      toFormValues(vehicleCanRecord, {
        id: '7-1',
        vehicle: { id: 7, name: 'EV 7' },
        packVoltage: 88.5,
        chargeStatus: true,
      }),
    ).toMatchObject({
      id: '7-1',
      vehicle: '7',
      packVoltage: '88.5',
      chargeStatus: true,
    });
  });

  it('sends references as {id}, numbers as numbers, and drops what was left empty (§3 clean-up)', () => {
    const parsed = vehicleCanRecord.writeSchema.parse({
      ...toFormValues(vehicleCanRecord, null),
      vehicle: '7',
      packVoltage: '88.5',
      chargeStatus: true,
    });
    const body = cleanPayload(toPayload(vehicleCanRecord, parsed));
    expect(body).toMatchObject({ vehicle: { id: 7 }, packVoltage: 88.5, chargeStatus: true });
    expect(body).not.toHaveProperty('batteryCharged');
    expect(body).not.toHaveProperty('id');

    const list = notificationRecord.writeSchema.parse({
      ...toFormValues(notificationRecord, null),
      name: 'Ops',
      vehicles: ['3', '', '5'],
    });
    expect(cleanPayload(toPayload(notificationRecord, list))).toMatchObject({
      name: 'Ops',
      vehicles: [{ id: 3 }, { id: 5 }],
    });
  });

  it('refuses a reading that is not a number with the domain message', () => {
    const result = vehicleCanRecord.writeSchema.safeParse({
      ...toFormValues(vehicleCanRecord, null),
      vehicle: '7',
      batteryCharged: 'eighty',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'batteryCharged')?.message).toBe(
      'This field should be a number.',
    );
  });
});
