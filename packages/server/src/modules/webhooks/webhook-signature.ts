import { createHmac } from 'node:crypto';

/**
 * The evfleet-signature header (docs/integrations.md): the send time in Unix seconds and the
 * HMAC-SHA256 of "<time>.<body>" with the hook's secret, in hex. The time in the signed text lets a
 * receiver refuse an old delivery replayed.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
