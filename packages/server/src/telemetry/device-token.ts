import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device credentials are random 32-byte tokens, so a fast hash is enough to store them (a slow
 * password hash guards low-entropy secrets) and checking one costs microseconds per connection.
 */
export const newDeviceToken = () => `evd_${randomBytes(32).toString('base64url')}`;
export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function deviceTokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashDeviceToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
