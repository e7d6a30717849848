import { toastsForFailure, type FailedCall } from '@evfleet/domain';
import { messageText } from '../i18n/messages';
import { toast } from '../notify/toast';
import { readToken } from './auth-storage';
import { clientConfig } from './client-config';

/** Part 1 §7: every request gives up after two minutes. */
export const REQUEST_TIMEOUT_MS = 120_000;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as is when FormData. */
  body?: unknown;
  /** Replaces the generic toast rules for this call (§8); a function may pick from the failure. */
  errorMessage?: string | ((call: FailedCall) => string);
  /** No toast at all; the caller shows the failure itself (or it is only logged). */
  silent?: boolean;
  /** The caller's cancellation (e.g. TanStack Query); a cancelled call is not a failure to report. */
  signal?: AbortSignal;
  /** 'blob': a successful answer is handed over as bytes (a file download); failures still read as JSON or text. */
  responseType?: 'blob';
}

export interface HttpResult<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** A failed call after its toasts were shown; `call` keeps the status, headers and body. */
export class HttpError extends Error {
  constructor(readonly call: FailedCall) {
    super(`HTTP ${call.status} ${call.url}`);
    this.name = 'HttpError';
  }
}

let unauthorizedHandler: (() => boolean) | undefined;
let forbiddenHandler: (() => void) | undefined;

/**
 * The session registers here what a 401 to a call that carried a token does: the session is gone.
 * The handler answers whether the 401 means the session is gone (told once by the session), which replaces the call's toast.
 * http stays free of session state.
 */
export function onUnauthorized(handler: () => boolean): void {
  unauthorizedHandler = handler;
}

/** The guards register here what a refused read (403) does: the page it belongs to is not for this user. */
export function onForbidden(handler: () => void): void {
  forbiddenHandler = handler;
}

/** The address of an API path on the configured API base (also for readers that fetch on their own). */
export async function buildUrl(path: string, query?: CallOptions['query']): Promise<URL> {
  const { apiBaseUrl } = await clientConfig();
  const base = new URL(apiBaseUrl || '/', window.location.origin);
  const url = new URL(path.replace(/^\//, ''), base.href.endsWith('/') ? base : `${base.href}/`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if (!response.headers.get('content-type')?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Reports a failed call and throws. A 403 never signs anyone out: a refused read shows the page as
 * not authorised (no toast), a refused change says so in a toast. Only a 401 to a call that
 * carried a token means the session is gone; without one (signing in) it means bad credentials.
 */
function fail(call: FailedCall, options: CallOptions, sentToken: boolean): never {
  const sessionEnded = call.status === 401 && sentToken && (unauthorizedHandler?.() ?? false);
  const readRefused = call.status === 403 && (options.method ?? 'GET') === 'GET' && !options.silent;
  if (readRefused) forbiddenHandler?.();
  if (!options.silent && !sessionEnded && !readRefused) {
    const own = typeof options.errorMessage === 'function' ? options.errorMessage(call) : options.errorMessage;
    for (const text of toastsForFailure({ ...call, callMessage: own })) toast.error(messageText(text, call.status));
  }
  throw new HttpError(call);
}

/** The one HTTP client: token, time-out, JSON, and the failure toasts of part 1 §8. */
export async function request<T>(path: string, options: CallOptions = {}): Promise<HttpResult<T>> {
  const url = await buildUrl(path, options.query);
  const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: encodeBody(options.body, headers),
      signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    return fail({ status: 0, url: url.href, headers: {}, body: null }, options, token !== null);
  }
  if (response.ok && options.responseType === 'blob') {
    return { data: (await response.blob()) as T, status: response.status, headers: response.headers };
  }
  const data = await readBody(response).catch(() => null);
  if (!response.ok) {
    return fail(
      { status: response.status, url: url.href, headers: Object.fromEntries(response.headers), body: data },
      options,
      token !== null,
    );
  }
  return { data: data as T, status: response.status, headers: response.headers };
}

type BodylessOptions = Omit<CallOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'GET' }),
  delete: <T = unknown>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'DELETE' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
};

/** x-total-count of a paged list (api/users and the audits); 0 when absent. */
export function totalCount(headers: Headers): number {
  return Number(headers.get('x-total-count') ?? 0) || 0;
}

/** The message a response body carries (a JSON `message` or a plain-text body), if any. */
export function bodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body || undefined;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}
