import type { PushSeverity } from '@evfleet/domain';
import { useEffect, useState } from 'react';
import { HttpError } from '../../api/http';
import { usePushSubscriptions, useRemovePushSubscription, useSavePushSubscription, useVapidKey } from './api/push-api';
import { currentSubscription, pushSupport, subscribeBrowser, subscriptionBody } from './browser-push';

/** Why turning notifications on failed, when the HTTP client has not said it already. */
export type PushFailure = 'no-worker' | 'subscribe';

/**
 * This browser's notifications: whether it can have them, its permission, whether it is subscribed
 * (its subscription is among the account's), and turning them on, changing their severity, and off.
 */
export function useBrowserPush() {
  const [support] = useState(pushSupport);
  const vapid = useVapidKey();
  const subscriptions = usePushSubscriptions();
  const save = useSavePushSubscription();
  const remove = useRemovePushSubscription();
  const [permission, setPermission] = useState(support === 'supported' ? Notification.permission : null);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PushFailure | null>(null);

  useEffect(() => {
    if (support === 'supported') void currentSubscription().then((found) => setEndpoint(found?.endpoint ?? null));
  }, [support]);

  /** This browser's row among the account's subscriptions. */
  const mine = subscriptions.data?.find((s) => s.endpoint === endpoint) ?? null;

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      // The HTTP client has told a refused call; a browser's refusal is told here.
      if (!(error instanceof HttpError)) setFailure('subscribe');
    } finally {
      setBusy(false);
    }
  };

  const turnOn = (minSeverity: PushSeverity) =>
    act(async () => {
      const granted = await Notification.requestPermission();
      setPermission(granted);
      if (granted !== 'granted' || !vapid.data) return;
      const subscription = await subscribeBrowser(vapid.data.publicKey);
      if (!subscription) return setFailure('no-worker');
      await save.mutateAsync(subscriptionBody(subscription, minSeverity));
      setEndpoint(subscription.endpoint);
    });

  const changeSeverity = (minSeverity: PushSeverity) =>
    act(async () => {
      const subscription = await currentSubscription();
      if (subscription && mine) await save.mutateAsync(subscriptionBody(subscription, minSeverity));
    });

  const turnOff = () =>
    act(async () => {
      await (await currentSubscription())?.unsubscribe();
      if (mine) await remove.mutateAsync(mine.id);
      setEndpoint(null);
    });

  return {
    support,
    permission,
    /** This browser's subscription as the server lists it: notifications are on. */
    mine,
    ready: vapid.isSuccess && !subscriptions.isPending,
    busy,
    failure,
    subscriptions,
    turnOn,
    changeSeverity,
    turnOff,
    remove: (id: number) => remove.mutateAsync(id),
  };
}
export type BrowserPush = ReturnType<typeof useBrowserPush>;
