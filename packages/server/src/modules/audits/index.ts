/** The audit module's surface for app.ts: the hooks that write the audit trail. */
export { installAuditTrail, type AuditTrail } from './audit.hook.js';
