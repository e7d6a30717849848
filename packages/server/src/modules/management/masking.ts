import { MASK } from '@evfleet/domain';

const SECRET_KEY = /secret|passw|pwd|token|credential|private|api[-_]?key|(^|[-_.])key$|auth/i;

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
 * Configuration as an administrator may see it: values under secret-looking keys masked whole,
 * credentials inside URLs masked, everything else shown so the screen stays useful.
 */
export function masked(value: unknown, key = ''): unknown {
  if (value === undefined || value === null || value === '') return value;
  if (key && SECRET_KEY.test(key)) return MASK;
  if (typeof value === 'string') return maskUrl(value);
  if (Array.isArray(value)) return value.map((v) => masked(v));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, k)]));
  return value;
}
