/** The management module's surface for app.ts: the parts of operations built with the infrastructure. */
export { readBuildInfo } from './build-info.js';
export { createDiagnostics } from './diagnostics.js';
export { createHealth } from './health.js';
export { createLoggers } from './loggers.js';
export { createMetrics } from './metrics.js';
export { maskLogMethod } from './masking.js';
