/** The webhooks' surface for the composition root: the dispatcher that delivers their outbox. */
export { createWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.js';
