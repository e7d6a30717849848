import type { Webhook } from '@evfleet/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../notify/toast';
import { useTestWebhook, useUpdateWebhook } from './api/webhooks-api';
import { outcomeText } from './webhook-display';
import { withActive } from './webhook-form';

/**
 * What the list and the detail page do to a hook at once: send it a test, told in a toast with the
 * receiver's answer, and pause or resume it. A refused call was told by the HTTP client.
 */
export function useWebhookActions() {
  const { t } = useTranslation('webhooks');
  const tester = useTestWebhook();
  const update = useUpdateWebhook();

  const { mutate: sendTest } = tester;
  const { mutate: save } = update;
  // Stable, so the grid's columns that call them are not made anew on every render.
  const test = useCallback(
    (hook: Webhook) =>
      sendTest(hook.id, {
        onSuccess: (delivery) =>
          delivery.status === 'delivered'
            ? toast.success(t('test.delivered', { outcome: outcomeText(delivery, t) }))
            : toast.error(t('test.failed', { outcome: outcomeText(delivery, t) })),
      }),
    [sendTest, t],
  );
  const toggle = useCallback(
    (hook: Webhook) =>
      save(
        { id: hook.id, hook: withActive(hook, !hook.active) },
        { onSuccess: () => toast.success(t(hook.active ? 'paused.done' : 'resumed.done', { url: hook.url })) },
      ),
    [save, t],
  );

  return { test, testing: tester.isPending, toggle, toggling: update.isPending };
}
