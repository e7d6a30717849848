import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_LIMITS } from '@evfleet/domain';
import { isRefusedAddress, literalAddress, refusingLookup } from './webhook-address.js';

export interface WebhookAnswer {
  /** The HTTP status answered; null when none came (refused address, no connection, time out). */
  statusCode: number | null;
  error: string | null;
}

/**
 * POSTs a delivery and tells how it was answered: a 2xx within the time limit succeeded; a redirect
 * is an answer like any other (never followed, so it cannot lead to an address refused here).
 * Unless private addresses are allowed, the host's addresses are checked after resolution.
 */
export function postWebhook(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<WebhookAnswer> {
  const target = new URL(url);
  const literal = literalAddress(url);
  if (!opts.allowPrivate && literal !== null && isRefusedAddress(literal))
    return Promise.resolve({ statusCode: null, error: `${literal} is a loopback, link-local or private address` });
  const client = target.protocol === 'https:' ? https : http;
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'evfleet-webhooks', ...headers },
        lookup: opts.allowPrivate ? undefined : refusingLookup,
        signal,
      },
      (res) => {
        // The answer's body is read and dropped: the status is all that counts.
        res.resume();
        res.on('end', () => resolve({ statusCode: res.statusCode ?? null, error: null }));
        res.on('error', (err) => resolve({ statusCode: res.statusCode ?? null, error: err.message }));
      },
    );
    req.on('error', (err) =>
      resolve({ statusCode: null, error: signal.aborted ? `no answer within ${timeoutMs / 1000} s` : err.message }),
    );
    req.end(body);
  });
}

export const succeeded = (answer: WebhookAnswer) =>
  answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300 && answer.error === null;
