import { z } from 'zod';
import { accountEmailField, accountSchema, DEFAULT_LANG_KEY, loginField } from './account.js';
import { roleSchema } from './roles.js';

const optionalName = z.string().max(50, 'Your name cannot be longer than 50 characters.').nullish();

/** api/users create and update (administration). */
export const userWriteSchema = z.object({
  id: z.number().int().positive().nullish(),
  login: loginField,
  firstName: optionalName,
  lastName: optionalName,
  email: accountEmailField,
  activated: z.boolean().default(true),
  langKey: z.string().max(10).default(DEFAULT_LANG_KEY),
  authorities: z.array(roleSchema).default([]),
  /** Reads every tenant, changes nothing (docs/security.md); absent on an update keeps what it was. */
  staff: z.boolean().optional(),
  password: z.string().min(4, 'Min').max(50, 'Max').optional(),
});
export type UserWrite = z.infer<typeof userWriteSchema>;

/** An account as the users screen shows it: what GET api/account answers, and who made and last changed it. */
export const userSchema = accountSchema.extend({
  staff: z.boolean(),
  createdBy: z.string(),
  createdDate: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
  lastModifiedDate: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
