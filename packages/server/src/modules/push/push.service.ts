import { PUSH_MESSAGES, type PushSubscriptionCreate } from '@evfleet/domain';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { fieldErrors, notFound } from '../../http/errors.js';
import { hasRefusedLiteral } from '../webhooks/index.js';
import { pushRepository as repo } from './push.repository.js';
import { toPushSubscription } from './push.presenter.js';

/**
 * Alerts on the phone (docs/integrations.md): every signed-in person subscribes their browsers and
 * lists and removes their own subscriptions; what each is sent is decided when sent (push-dispatcher.ts).
 */
export function createPushService(deps: { db: Db; publicKey: string; allowPrivate: boolean }) {
  const { db } = deps;
  return {
    vapidPublicKey: () => ({ publicKey: deps.publicKey }),

    async subscribe(by: AuthUser, input: PushSubscriptionCreate) {
      // A push service is on the internet: an endpoint naming a private address would make evfleet call it.
      if (!deps.allowPrivate && hasRefusedLiteral(input.endpoint))
        throw fieldErrors('pushSubscription', { endpoint: PUSH_MESSAGES.endpoint });
      return toPushSubscription(await repo.save(db, by.id, input));
    },

    list: async (by: AuthUser) => (await repo.list(db, by.id)).map(toPushSubscription),

    async remove(by: AuthUser, id: number) {
      if (!(await repo.delete(db, id, by.id))) throw notFound('The subscription');
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
