import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  dealerFormSchema,
  driverWriteSchema,
  fleetWriteSchema,
  generateDealerPassword,
  superUserCreateSchema,
} from '../src/people.js';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('people form rules (part 1 §5)', () => {
  it('requires the fleet of a driver and the dealer of a fleet, missing, empty or -1', () => {
    const fleet = { name: 'Loop', email: 'loop@fleet.test' };
    expect(messages(fleetWriteSchema, fleet)).toEqual(['Dealer Name can not be empty!']);
    expect(messages(fleetWriteSchema, { ...fleet, dealerId: '' })).toEqual(['Dealer Name can not be empty!']);
    expect(messages(fleetWriteSchema, { ...fleet, dealerId: -1 })).toEqual(['Dealer Name can not be empty!']);
    expect(fleetWriteSchema.parse({ ...fleet, dealerId: '3' }).dealerId).toBe(3);
    expect(
      messages(driverWriteSchema, { name: 'D', email: 'd@fleet.test', mobile: '0123456789', address: 'Depot' }),
    ).toEqual(['Fleet Name can not be empty!']);
  });

  it('gives the spec messages for empty and short fields', () => {
    expect(messages(driverWriteSchema, { name: '', email: '', mobile: '', address: '', fleetId: 1 })).toEqual([
      'Driver Name can not be empty!',
      'Enter Email can not be empty!',
      'Mobile number can not be empty',
      'Address can not be empty!',
    ]);
    expect(
      messages(driverWriteSchema, { name: 'D', email: 'd@fleet.test', mobile: '123', address: 'x', fleetId: 1 }),
    ).toEqual(['Your name must be between 10 and 15 characters']);
    expect(
      messages(dealerFormSchema, {
        name: 'N',
        email: 'bad',
        mobileNumber: '012345678901234',
        company: 'C',
        password: 'abc',
      }),
    ).toEqual([
      'Invalid Email',
      'Your name must be between 10 and 14 characters',
      'Password strength must be at least 7 characters',
    ]);
    expect(
      messages(superUserCreateSchema, {
        name: '',
        email: 'a@b',
        mobileNumber: '0123456789',
        address: 'x',
        password: '12345',
      }),
    ).toEqual([
      'User Name can not be empty!',
      'Your email is required to be at least 5 characters.',
      'Minimum length of 6 characters required',
    ]);
  });

  it('generates dealer passwords of 7 to 15 characters from the allowed alphabet', () => {
    for (let i = 0; i < 200; i++) expect(generateDealerPassword()).toMatch(/^[a-z1-9!@#_]{7,15}$/);
  });
});
