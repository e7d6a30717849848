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

export const id = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');
/** §3: a relation whose id is '' or -1 counts as not chosen. */
const noRelation = (v: unknown) => (v === '' || v === -1 || v === '-1' || v === null ? undefined : v);
export const optionalId = z.preprocess(noRelation, id.optional());
/** A relation the form must choose: missing, '' or -1 all give the field's message. */
export const requiredId = (message: string) => z.preprocess(noRelation, z.coerce.number({ error: message }).int(message).positive(message));

/** A pair used in delete guards and assignment lists. */
export const idAndName = z.object({ id: z.number().int(), name: z.string() });
export type IdAndName = z.infer<typeof idAndName>;
