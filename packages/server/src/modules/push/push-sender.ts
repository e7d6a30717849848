import type { PushMessage } from '@evfleet/domain';
import webpush from 'web-push';
import { postWebhook, type WebhookAnswer } from '../webhooks/index.js';
import type { ClaimedPush } from './push-outbox.js';

/** A message waits this long at the push service for a phone that is off; an alert older than a day is stale. */
const TTL_SECONDS = 24 * 3600;

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Sends one message to a subscription's push service: encrypted (aes128gcm) to the browser's keys
 * and signed with VAPID by web-push, posted with the webhooks' client, which keeps to their address
 * rules. A severe alert asks the push service to wake the phone at once. Keys web-push cannot
 * encrypt to are answered as a failure, like a push service's refusal.
 */
export async function sendPush(
  to: Pick<ClaimedPush, 'endpoint' | 'p256dh' | 'auth'>,
  message: PushMessage,
  opts: { vapid: Vapid; allowPrivate: boolean },
): Promise<WebhookAnswer> {
  let request: webpush.RequestDetails;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
      JSON.stringify(message),
      {
        vapidDetails: opts.vapid,
        TTL: TTL_SECONDS,
        urgency: message.severity === 'SEVERE' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (err) {
    return { statusCode: null, error: (err as Error).message };
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return postWebhook(request.endpoint, request.body ?? Buffer.alloc(0), headers, { allowPrivate: opts.allowPrivate });
}
