/** Alerts on the phone's surface: the dispatcher that delivers the push outbox, for the composition root. */
export { createPushDispatcher, type PushDispatcher } from './push-dispatcher.js';
