import type { PushSubscriptionInfo } from '@evfleet/domain';
import type { PushSubscriptionRow } from './push.repository.js';

/** Exactly the fields of a subscription that leave the server: never its keys. */
export const toPushSubscription = (r: PushSubscriptionRow): PushSubscriptionInfo => ({
  id: r.id,
  endpoint: r.endpoint,
  minSeverity: r.minSeverity,
  createdAt: r.createdAt.toISOString(),
});
