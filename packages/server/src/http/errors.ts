import {
  FORBIDDEN_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  VALIDATION_MESSAGE,
  type ErrorKey,
  type FieldError,
} from '@evfleet/domain';

/**
 * The named errors a service may raise. The error handler turns each into the response shape the
 * client's toast rules read (part 1 §8); nothing else decides a status code.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      fieldErrors?: FieldError[];
      appError?: boolean;
      errorKey?: ErrorKey;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
  }
}

/** A business refusal: 400 with the message in the app-error header, shown as the toast. */
export const refused = (message: string, errorKey?: ErrorKey) =>
  new HttpError(400, message, { appError: true, errorKey });

export const fieldErrors = (objectName: string, errors: Record<string, string>) =>
  new HttpError(400, VALIDATION_MESSAGE, {
    fieldErrors: Object.entries(errors).map(([field, message]) => ({ objectName, field, message })),
  });

/** A change that collides with what another record holds (a tracker's identifier, a profile in use). */
export const conflict = (message: string) => new HttpError(409, message, { appError: true });

export const unauthorized = () => new HttpError(401, UNAUTHORIZED_MESSAGE);
export const forbidden = () => new HttpError(403, FORBIDDEN_MESSAGE);
export const notFound = (what = 'The record') => new HttpError(404, `${what} was not found.`);
/** A body past a limit of the endpoint: 413 with the message in the app-error header, shown as the toast. */
export const payloadTooLarge = (message: string) => new HttpError(413, message, { appError: true });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { 'retry-after': String(retryAfterSeconds) } });
