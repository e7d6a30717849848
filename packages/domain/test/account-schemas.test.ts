import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  loginFormSchema,
  registerFormSchema,
  resetFinishFormSchema,
  resetRequestFormSchema,
} from '../src/account.js';
import { highestRole, pageAuthority } from '../src/roles.js';

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('account form rules (part 1 §5)', () => {
  it('login', () => {
    expect(messages(loginFormSchema, { username: '', password: '' })).toEqual({
      username: 'Your email is required.',
      password: 'Please enter your password',
    });
    expect(messages(loginFormSchema, { username: 'a@b', password: '12345' })).toEqual({
      username: 'Your email is required to be at least 5 characters.',
      password: 'minimum length of 6 characters required',
    });
    expect(messages(loginFormSchema, { username: 'not-an-email', password: '123456' })).toEqual({
      username: 'Invalid email',
    });
    expect(messages(loginFormSchema, { username: `${'a'.repeat(250)}@x.io`, password: '123456' })).toEqual({
      username: 'Your email cannot be longer than 50 characters.',
    });
    expect(messages(loginFormSchema, { username: 'admin@evfleet.local', password: 'admin123' })).toEqual({});
  });

  it('registration', () => {
    const ok = { login: 'fleet.owner-1@x', email: 'owner@fleet.test', password: 'abcd', confirmPassword: 'abcd' };
    expect(messages(registerFormSchema, ok)).toEqual({});
    expect(messages(registerFormSchema, { ...ok, login: 'no spaces' })).toEqual({ login: 'Your username is invalid.' });
    expect(messages(registerFormSchema, { ...ok, login: 'a'.repeat(51) })).toEqual({
      login: 'Your username cannot be longer than 50 characters.',
    });
    expect(messages(registerFormSchema, { ...ok, password: 'abc', confirmPassword: 'abc' })).toMatchObject({
      password: 'Your password is required to be at least 4 characters.',
    });
    expect(messages(registerFormSchema, { ...ok, confirmPassword: 'abce' })).toEqual({
      confirmPassword: 'The password and its confirmation do not match!',
    });
  });

  it('reset request and finish', () => {
    expect(messages(resetRequestFormSchema, { email: '' })).toEqual({ email: 'Your email is required.' });
    expect(messages(resetFinishFormSchema, { newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: 'Your name must be between 6 and 16 characters',
    });
    expect(messages(resetFinishFormSchema, { newPassword: '1'.repeat(17), confirmPassword: '1'.repeat(17) })).toEqual({
      newPassword: 'Your name must be between 6 and 16 characters',
    });
    expect(messages(resetFinishFormSchema, { newPassword: '123456', confirmPassword: '123457' })).toEqual({
      confirmPassword: 'The password and its confirmation do not match!',
    });
  });

  it('change password', () => {
    expect(
      messages(changePasswordFormSchema, { currentPassword: 'x', newPassword: 'abcd', confirmPassword: 'abcx' }),
    ).toEqual({
      confirmPassword: 'The password and its confirmation do not match!',
    });
  });
});

describe('roles (part 1 §2.3, §6)', () => {
  it('names the user by the highest role they hold', () => {
    expect(highestRole(['ROLE_ADMIN', 'ROLE_USER'])).toBe('ROLE_ADMIN');
    expect(highestRole(['ROLE_USER', 'ROLE_DEALER'])).toBe('ROLE_DEALER');
    expect(highestRole(['ROLE_FLEET'])).toBe('ROLE_FLEET');
    expect(highestRole(['ROLE_USER'])).toBe('ROLE_USER');
    expect(highestRole([])).toBeUndefined();
  });
  it('uses ROLE_ADMIN pages for an administrator with several roles', () => {
    expect(pageAuthority(['ROLE_ADMIN', 'ROLE_USER'])).toBe('ROLE_ADMIN');
    expect(pageAuthority(['ROLE_DEALER'])).toBe('ROLE_DEALER');
    expect(pageAuthority([])).toBeUndefined();
  });
});
