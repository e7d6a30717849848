import { z } from 'zod';
import { EMAIL_MAX, EMAIL_MIN } from './account.js';

/** Field builders shared by the people forms (part 1 §5); each form passes its own messages. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, { message, abort: true }).max(max, 'Max');

export const emailText = (required: string, invalid = 'Invalid Email') =>
  requiredText(required, EMAIL_MAX).pipe(z.email(invalid));

/** Digits only, with the spec's length message (which says "name" although it means the number). */
export const mobileText = (required: string, length: { min: number; max: number; message: string }) =>
  requiredText(required)
    .regex(/^\d+$/, { message: 'Mobile number must contain digits only', abort: true })
    .min(length.min, length.message)
    .max(length.max, length.message);

export const superUserEmail = requiredText('Email can not be empty!', 1000)
  .min(EMAIL_MIN, { message: 'Your email is required to be at least 5 characters.', abort: true })
  // The spec's message says 50 although the limit is 254 (part 1 §5).
  .max(EMAIL_MAX, { message: 'Your email cannot be longer than 50 characters.', abort: true })
  .pipe(z.email('Invalid Email'));

/** PostgreSQL's integer maximum: every id column is a serial integer. */
export const ID_MAX = 2_147_483_647;
/** Decimal digits as a path or query string carries a number; '1e3', '0x10', ' 12' and '12.0' are not. */
export const fromDigits = (v: unknown) => (typeof v === 'string' && /^\d{1,20}$/.test(v) ? Number(v) : v);
/**
 * An id: a whole number from 1 to ID_MAX, written as decimal digits in a path or query string and
 * as a JSON number in a body (the server's input rules refuse "12" or true there). Beyond ID_MAX
 * is a 400, never a database error.
 */
export const idWith = (message?: string) =>
  z.preprocess(
    fromDigits,
    z
      .number({ error: message ?? 'must be a number' })
      .int(message ?? 'must be a whole number')
      .positive(message ?? 'must be positive')
      .max(ID_MAX, message ?? 'Max'),
  );
export const id = idWith();
/** §3: a relation whose id is '' or -1 counts as not chosen. */
const noRelation = (v: unknown) => (v === '' || v === -1 || v === '-1' || v === null ? undefined : v);
export const optionalId = z.preprocess(noRelation, id.optional());
/** A relation the form must choose: missing, '' or -1 all give the field's message. */
export const requiredId = (message: string) => z.preprocess(noRelation, idWith(message));

/** A pair used in delete guards and assignment lists. */
export const idAndName = z.object({ id: z.number().int(), name: z.string() });
export type IdAndName = z.infer<typeof idAndName>;
