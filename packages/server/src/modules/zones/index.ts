/** The zones' surface for the composition root: the alerts their rules raise at ingest. */
export { createZoneAlerts } from './zone-alerts.js';
