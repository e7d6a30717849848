import { MASK } from '@evfleet/domain';

const SECRET_KEY = /secret|passw|pwd|token|credential|private|api[-_]?key|(^|[-_.])key$|auth/i;
/** `scheme://user:password@`: the password masked even where the rest is no URL a parser takes. */
const USERINFO = /([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*:)[^\s@]*@/gi;
/** A URL inside a text: up to a space, a comma or a semicolon (lists such as AMQP_URLS), or a quote. */
const URL_PART = /[a-z][a-z0-9+.-]*:\/\/[^\s,;"'<>]+/gi;

/** A URL's password and any secret-looking query parameter replaced by the mask; other text as is. */
export function maskUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  if (!url.host) return text;
  if (url.password) url.password = MASK;
  for (const key of [...url.searchParams.keys()]) if (SECRET_KEY.test(key)) url.searchParams.set(key, MASK);
  return url.toString();
}

/**
 * Every URL in a text masked as `maskUrl` masks one: a setting that lists several (AMQP_URLS), or a
 * message that quotes one.
 */
export function maskUrls(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(USERINFO, `$1${MASK}@`).replace(URL_PART, (url) => maskUrl(url));
}

/**
 * Configuration as an administrator may see it: values under secret-looking keys masked whole,
 * credentials inside URLs masked, everything else shown so the screen stays useful.
 */
export function masked(value: unknown, key = ''): unknown {
  if (value === undefined || value === null || value === '') return value;
  if (key && SECRET_KEY.test(key)) return MASK;
  if (typeof value === 'string') return maskUrls(value);
  if (Array.isArray(value)) return value.map((v) => masked(v));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, k)]));
  return value;
}

const quotesUrl = (value: unknown) => typeof value === 'string' && value.includes('://');

/** An error like `err`, for the log's error serializer, its message and stack with URLs masked. */
function maskedError(err: Error): Error {
  const copy = new Error(maskUrls(err.message));
  copy.name = err.name;
  copy.stack = maskUrls(err.stack ?? '');
  if ('code' in err) Object.assign(copy, { code: err.code });
  return copy;
}

/** One argument of a log call with the URLs its message, its strings or its error quote masked. */
function maskedLogArgument(arg: unknown): unknown {
  if (typeof arg === 'string') return maskUrls(arg);
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return arg;
  const fields = Object.entries(arg);
  // Most lines quote no URL (a request's log holds objects): they go on as they are, uncopied.
  const quotes = ([, v]: [string, unknown]) =>
    quotesUrl(v) || (v instanceof Error && (quotesUrl(v.message) || quotesUrl(v.stack)));
  if (!fields.some(quotes)) return arg;
  return Object.fromEntries(
    fields.map(([k, v]) => [k, typeof v === 'string' ? maskUrls(v) : v instanceof Error ? maskedError(v) : v]),
  );
}

/**
 * The logger's hook (pino's `hooks.logMethod`): a connection error or a message that quotes a
 * setting's URL never writes its password to the log.
 */
export function maskLogMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
  method.apply(this, args.map(maskedLogArgument));
}
