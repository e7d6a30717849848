/** The account module's surface for other modules: the keys and the reset mail of an account. */
export { newKey, queueResetMail } from './account.service.js';
