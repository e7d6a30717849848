/** The fleets module's surface for other modules: the fleet rows. */
export { fleetsRepository } from './fleets.repository.js';
