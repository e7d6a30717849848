import type { z } from 'zod';
import type { passwordResetFormSchema } from '@evfleet/domain';
import { http } from '../../api/http';

export type PasswordReset = z.infer<typeof passwordResetFormSchema>;

/** 'Email' tab: POST api/account/send-reset-link?mail=<email>. */
export const sendResetLink = (email: string) =>
  http.post('api/account/send-reset-link', undefined, { query: { mail: email } });

/** 'Generate Now' tab: POST api/account/update-password-prototype; success is status 200 (§7). */
export const updatePassword = (reset: PasswordReset) => http.post('api/account/update-password-prototype', reset);
