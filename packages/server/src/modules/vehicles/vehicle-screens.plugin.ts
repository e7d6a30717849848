import type { FastifyPluginAsync } from 'fastify';
import type { AlertEngine } from '../../alerts/alert-engine.js';
import { createThresholdChanges } from '../../alerts/threshold-changes.js';
import type { Database } from '../../db/client.js';
import { createPreferencesService } from '../preferences/preferences.service.js';
import { preferencesRoutes } from '../preferences/preferences.routes.js';
import { createRolePermissionsService } from '../role-permissions/role-permissions.service.js';
import { rolePermissionsRoutes } from '../role-permissions/role-permissions.routes.js';
import { thresholdSheetsRoutes } from './thresholds/threshold-sheets.routes.js';
import { createTemplatesService } from './templates/templates.service.js';
import { templatesRoutes } from './templates/templates.routes.js';
import { createVehicleRecordsService } from './records/vehicle-records.service.js';
import { vehicleRecordsRoutes } from './records/vehicle-records.routes.js';

/**
 * The vehicle screens' server side (issue 6): vehicles, templates, threshold sheets, role
 * permissions and preferences. Threshold saves reach every instance's alert engine at once.
 */
export const vehicleScreensRoutes =
  (deps: { database: Database; alerts: Pick<AlertEngine, 'invalidate' | 'invalidateAll'> }): FastifyPluginAsync =>
  async (app) => {
    const db = deps.database.db;
    const thresholds = await createThresholdChanges(deps.database, app.log, deps.alerts);
    app.addHook('onClose', async () => thresholds.close());
    await app.register(vehicleRecordsRoutes(createVehicleRecordsService({ db, thresholds })));
    await app.register(templatesRoutes(createTemplatesService({ db, thresholds })));
    await app.register(thresholdSheetsRoutes);
    await app.register(rolePermissionsRoutes(createRolePermissionsService({ db })));
    await app.register(preferencesRoutes(createPreferencesService({ db })));
  };
