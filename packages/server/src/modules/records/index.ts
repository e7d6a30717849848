/** The record machinery's surface for modules that bring a record entity: the store contract and the vehicle checks. */
export type { RecordStore } from './record-store.js';
export { assertVehiclesExist, readableVehicles } from './record-vehicles.js';
