/** The webhooks' surface for the composition root: the dispatcher that delivers their outbox. */
export { createWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.js';
// Outgoing calls of other modules (push messages) keep to the hooks' address rules.
export { hasRefusedLiteral } from './webhook-address.js';
export { postWebhook, succeeded, type WebhookAnswer } from './webhook-request.js';
