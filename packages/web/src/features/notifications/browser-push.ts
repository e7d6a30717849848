import type { PushSubscriptionCreate } from '@evfleet/domain';

/**
 * What this browser offers for Web Push: nothing outside a secure context (https or localhost),
 * nothing without a service worker and the Push and Notifications APIs (an iPhone offers them to
 * the portal only once it is added to the home screen).
 */
export type PushSupport = 'supported' | 'insecure' | 'unsupported';

export function pushSupport(): PushSupport {
  if (!window.isSecureContext) return 'insecure';
  const apis = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return apis ? 'supported' : 'unsupported';
}

/** The service worker's registration: none on the development server, which registers none. */
const registration = () => navigator.serviceWorker.getRegistration();

/** This browser's push subscription to the portal, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** A VAPID key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Subscribes this browser with the server's VAPID key, replacing a subscription made with another
 * key (the server's keys changed). Resolves null when there is no service worker to subscribe through.
 */
export async function subscribeBrowser(vapidKey: string): Promise<PushSubscription | null> {
  const found = await registration();
  if (!found) return null;
  const key = keyBytes(vapidKey);
  const existing = await found.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** A subscription as POST api/push/subscriptions takes it. */
export function subscriptionBody(
  subscription: PushSubscription,
  minSeverity: PushSubscriptionCreate['minSeverity'],
): PushSubscriptionCreate {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    minSeverity,
  };
}
