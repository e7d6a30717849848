import type { PushSubscriptionInfo } from '@evfleet/domain';

/** Which push service a subscription goes through: its endpoint's host (fcm.googleapis.com: Chrome, Edge…). */
export const pushServiceOf = (s: Pick<PushSubscriptionInfo, 'endpoint'>) => new URL(s.endpoint).host;
