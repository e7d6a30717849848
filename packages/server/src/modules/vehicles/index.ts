/** The vehicles module's surface: which vehicles a fleet or driver holds, and the live feed's map items. */
export { vehicleLinksRepository, vehiclesWhere } from './assignment/vehicle-links.repository.js';
export { createMapItems } from './data/map-items.js';
