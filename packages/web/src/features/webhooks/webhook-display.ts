import type { Webhook, WebhookDelivery } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import type { OwnerChoices } from '../../api/owner-choices';

/** 'Dealer: Acme', 'Fleet: North', or every vehicle its owner sees; a name not among the caller's lists as its id. */
export function scopeText(hook: Pick<Webhook, 'dealerId' | 'fleetId'>, owners: OwnerChoices, t: TFunction<'webhooks'>) {
  if (hook.dealerId !== null)
    return t('scope.dealer', { name: owners.dealers.get(hook.dealerId) ?? `#${hook.dealerId}` });
  if (hook.fleetId !== null) return t('scope.fleet', { name: owners.fleets.get(hook.fleetId) ?? `#${hook.fleetId}` });
  return t('scope.all');
}

/** How a delivery's last attempt ended: its HTTP status, else why none answered. */
export function outcomeText(delivery: Pick<WebhookDelivery, 'statusCode' | 'error'>, t: TFunction<'webhooks'>) {
  if (delivery.statusCode !== null) return t('delivery.http', { status: delivery.statusCode });
  return delivery.error ?? t('delivery.noAnswer');
}
