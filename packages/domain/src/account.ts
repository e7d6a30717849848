import { z } from 'zod';
import { roleSchema } from './roles.js';

/** Part 1 §5 and §9: every rule and message of the account forms, shared by server and web. */
export const EMAIL_MIN = 5;
export const EMAIL_MAX = 254;
export const LOGIN_PATTERN = /^[a-zA-Z0-9_.@-]+$/;
export const DEFAULT_LANG_KEY = 'en';

export const LOGIN_MESSAGES = {
  emailRequired: 'Your email is required.',
  emailMin: 'Your email is required to be at least 5 characters.',
  // §5: the limit is 254 although the message says 50.
  emailMax: 'Your email cannot be longer than 50 characters.',
  emailInvalid: 'Invalid email',
  passwordRequired: 'Please enter your password',
  passwordMin: 'minimum length of 6 characters required',
} as const;

const required = (message: string) => z.string({ error: message }).min(1, { message, abort: true });

const emailField = (messages: { required: string; min: string; max: string; invalid: string }) =>
  required(messages.required).min(EMAIL_MIN, messages.min).max(EMAIL_MAX, messages.max).pipe(z.email(messages.invalid));

export const loginFormSchema = z.object({
  username: emailField({
    required: LOGIN_MESSAGES.emailRequired,
    min: LOGIN_MESSAGES.emailMin,
    max: LOGIN_MESSAGES.emailMax,
    invalid: LOGIN_MESSAGES.emailInvalid,
  }),
  password: required(LOGIN_MESSAGES.passwordRequired).min(6, LOGIN_MESSAGES.passwordMin),
  rememberMe: z.boolean().default(false),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The server accepts an email or a login, so only presence and size are checked there. */
export const loginRequestSchema = z.object({
  username: required(LOGIN_MESSAGES.emailRequired).max(EMAIL_MAX, LOGIN_MESSAGES.emailMax),
  password: required(LOGIN_MESSAGES.passwordRequired).max(100, 'Max'),
  rememberMe: z.boolean().optional().default(false),
});
export const loginResponseSchema = z.object({ id_token: z.string() });

const USERNAME = {
  required: 'Your username is required.',
  invalid: 'Your username is invalid.',
  max: 'Your username cannot be longer than 50 characters.',
};
const ACCOUNT_EMAIL = {
  required: 'Your email is required.',
  min: 'Your email is required to be at least 5 characters.',
  max: 'Your email cannot be longer than 50 characters.',
  invalid: 'Your email is invalid.',
};
export const PASSWORD_MISMATCH = 'The password and its confirmation do not match!';

export const loginField = required(USERNAME.required).max(50, USERNAME.max).regex(LOGIN_PATTERN, USERNAME.invalid);
export const accountEmailField = emailField(ACCOUNT_EMAIL);

const sizedPassword = (label: string, min: number, max: number) =>
  required(`Your ${label} is required.`)
    .min(min, `Your ${label} is required to be at least ${min} characters.`)
    .max(max, `Your ${label} cannot be longer than ${max} characters.`);

export const registerRequestSchema = z.object({
  login: loginField,
  email: accountEmailField,
  password: sizedPassword('password', 4, 50),
  langKey: z.string().max(10).default(DEFAULT_LANG_KEY),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

const matching = <T extends { confirmPassword: string }>(passwordOf: (v: T) => string) =>
  [(v: T) => passwordOf(v) === v.confirmPassword, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] }] as [
    (v: T) => boolean,
    { message: string; path: string[] },
  ];

export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: sizedPassword('confirmation password', 4, 50) })
  .refine(...matching<{ password: string; confirmPassword: string }>((v) => v.password));

export const resetRequestFormSchema = z.object({ email: accountEmailField });

export const RESET_PASSWORD_SIZE = 'Your name must be between 6 and 16 characters';
const resetPassword = required('Your password is required.').min(6, RESET_PASSWORD_SIZE).max(16, RESET_PASSWORD_SIZE);

export const resetFinishRequestSchema = z.object({
  key: required('The reset key is missing.'),
  newPassword: resetPassword,
});
export const resetFinishFormSchema = z
  .object({ newPassword: resetPassword, confirmPassword: required('Your confirmation password is required.') })
  .refine(...matching<{ newPassword: string; confirmPassword: string }>((v) => v.newPassword));

export const changePasswordRequestSchema = z.object({
  currentPassword: required('Your password is required.').max(100, 'Max'),
  newPassword: sizedPassword('password', 4, 50),
});
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: sizedPassword('confirmation password', 4, 50) })
  .refine(...matching<{ newPassword: string; confirmPassword: string }>((v) => v.newPassword));
export const CHANGE_PASSWORD_FAILED = 'An error has occurred! The password could not be changed.';

const name = (label: string) =>
  required(`Your ${label} is required.`).max(50, `Your ${label} cannot be longer than 50 characters.`);

export const accountSettingsSchema = z.object({
  firstName: name('first name'),
  lastName: name('last name'),
  email: accountEmailField,
  langKey: z.string().max(10).default(DEFAULT_LANG_KEY),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** What GET api/account returns; exactly these fields leave the server. */
export const accountSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  activated: z.boolean(),
  langKey: z.string(),
  authorities: z.array(roleSchema),
});
export type Account = z.infer<typeof accountSchema>;

/** Defined success texts (§8): the spec disables their toasts; the pages show them as alerts. */
export const ACCOUNT_TEXTS = {
  tooManyAttempts: 'Too many sign-in attempts. Try again in {{seconds}} seconds.',
  resetRequested: 'Check your emails for details on how to reset your password.',
  passwordReset: 'Your password has been reset.',
  passwordChanged: 'Password changed!',
  registered: 'Registration saved! Please check your email for confirmation.',
  settingsSaved: 'Settings saved!',
  activated: 'User activated successfully!',
  activationFailed: 'User can not be activated!',
  loggedOut: 'Logged Out Successfully!',
} as const;
