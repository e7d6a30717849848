/** The drivers module's surface for other modules: the driver rows (a photo belongs to a driver). */
export { driversRepository } from './drivers.repository.js';
