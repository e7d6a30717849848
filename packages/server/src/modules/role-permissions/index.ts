/** The role permissions' surface for other modules: whether the toggles and pages let a caller do something. */
export { pageAllowed } from './pages.js';
export { can, requireDealerAction, requirePermission, vehicleFor } from './permissions.js';
