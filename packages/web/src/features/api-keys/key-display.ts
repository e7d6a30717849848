import type { ApiKey } from '@evfleet/domain';
import type { Format } from '../../components/format/format';

/** The clear start of a key, marked as cut short: 'evk_3Fq9xZ2a…'. */
export const shownKey = (key: Pick<ApiKey, 'shown'>): string => `${key.shown}…`;

/** When the key was last used and from which address, or null when it never was. */
export function lastUse(key: Pick<ApiKey, 'lastUsedAt' | 'lastUsedFrom'>, format: Pick<Format, 'dateTime'>) {
  if (!key.lastUsedAt) return null;
  const at = format.dateTime(key.lastUsedAt, { list: true });
  return key.lastUsedFrom ? `${at} · ${key.lastUsedFrom}` : at;
}

/** Whether the key has stopped working by its expiry (the server refuses it from then on). */
export const isExpired = (key: Pick<ApiKey, 'expiresAt'>, now: number): boolean =>
  key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
