/** The analytics' surface for other modules: a vehicle's readiness (the zones' departure alert). */
export { vehicleReadiness } from './vehicle-readiness.js';
