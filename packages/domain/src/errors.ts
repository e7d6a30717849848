import { z } from 'zod';

/** Response shapes of failed calls (part 1 §8): what the server sends and the client's toasts read. */
export const fieldErrorSchema = z.object({ objectName: z.string(), field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  status: z.number().int(),
  title: z.string().optional(),
  message: z.string(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
  /** A stable key for refusals a screen reacts to (registration stores it). */
  errorKey: z.string().optional(),
  correlationId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The header carrying a business refusal; the client reads any header ending in 'app-error'. */
export const APP_ERROR_HEADER = 'X-evfleetApp-error';
export const VALIDATION_MESSAGE = 'error.validation';
export const UNAUTHORIZED_MESSAGE = 'error.http.401';
export const FORBIDDEN_MESSAGE = 'error.http.403';
export const INTERNAL_ERROR = 'Internal Error';

/** The message keys the server sends in place of a sentence; the portal's catalogue turns each into one. */
export const SERVER_MESSAGE_KEYS = [VALIDATION_MESSAGE, UNAUTHORIZED_MESSAGE, FORBIDDEN_MESSAGE] as const;

/**
 * Every `errorKey` a refusal of the server may carry: API clients tell refusals apart by it, and the
 * portal's catalogue has a sentence for each (packages/web/test/i18n-catalogue.test.ts walks them).
 */
export const ERROR_KEYS = [
  'activationfailed',
  'dealerinuse',
  'dealernotfound',
  'deactivateself',
  'defaulttemplate',
  'deleteself',
  'demoteself',
  'driverwithvehicles',
  'emailexists',
  'filetaken',
  'fleetwithdrivers',
  'fleetwithvehicles',
  'idexists',
  'idnull',
  'invalidpassword',
  'nofile',
  'notanimage',
  'notasheet',
  'readingexists',
  'resetkeyinvalid',
  'sheeterrors',
  'templateassigned',
  'templatenameexists',
  'templatenotfound',
  'userchange',
  'userexists',
  'userisadmin',
  'userlinked',
  'vehiclenotassigned',
  'vehicletaken',
  'vinexists',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** A write that lost a race with another (PostgreSQL's 23505 and 23503), told as the client's 400. */
export const CONFLICT_TEXTS = {
  inUse: 'This value is already in use.',
  relationGone: 'A related record was changed or removed meanwhile. Please reload and try again.',
};

export const TOAST_TEXTS = {
  unreachable: 'Server not reachable',
  notFound: 'Not found',
  badCredentials: 'Invalid email/password or your account is not activated.',
  unexpected: 'An unexpected error has occurred.',
} as const;

/** Server field errors named after bean-validation limits are shown as 'Size' (§5). */
export function displayFieldMessage(message: string): string {
  return ['Min', 'Max', 'DecimalMin', 'DecimalMax'].includes(message) ? 'Size' : message;
}

export function fieldToastText(field: string): string {
  const withoutIndices = field.replace(/\[\d*\]/g, '[]');
  return `Error on field "${withoutIndices.charAt(0).toUpperCase()}${withoutIndices.slice(1)}"`;
}

export interface FailedCall {
  /** 0 when no response arrived. */
  status: number;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** A per-call message that replaces the generic rules. */
  callMessage?: string;
}

const bodyMessage = (body: unknown): string | undefined => {
  if (typeof body === 'string') return body || undefined;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
};

const translate = (message: string) => (message === UNAUTHORIZED_MESSAGE ? TOAST_TEXTS.badCredentials : message);

/** The toasts of one failed call, in order; empty when the call is silent (§8). */
export function toastsForFailure(call: FailedCall): string[] {
  if (call.callMessage) return [call.callMessage];
  const message = bodyMessage(call.body);
  if (call.status === 401 && (!message || call.url.includes('/api/account'))) return [];
  switch (call.status) {
    case 0:
      return [TOAST_TEXTS.unreachable];
    case 400: {
      const header = Object.entries(call.headers).find(([name]) => name.toLowerCase().endsWith('app-error'));
      if (header) return [header[1]];
      const fieldErrors = (call.body as { fieldErrors?: FieldError[] } | null)?.fieldErrors;
      if (Array.isArray(fieldErrors) && fieldErrors.length) return fieldErrors.map((e) => fieldToastText(e.field));
      return [translate(message ?? INTERNAL_ERROR)];
    }
    case 404:
      return [TOAST_TEXTS.notFound];
    default:
      return [translate(message ?? INTERNAL_ERROR)];
  }
}
