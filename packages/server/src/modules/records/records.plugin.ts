import {
  carRecord,
  emailTemplateRecord,
  notificationRecord,
  vehicleCanRecord,
  vehicleLogRecord,
} from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { car, emailTemplate } from '../../db/admin-schema.js';
import type { BatchWriter } from '../../telemetry/batch-writer.js';
import type { DailyStats } from '../dashboard/daily-stats.js';
import { notificationListsStore } from './notification-lists.store.js';
import { createRecordService } from './record-service.js';
import { recordRoutes } from './record-routes.js';
import { recordVehiclesRoutes } from './record-vehicles.js';
import { tableStore } from './table-store.js';
import { vehicleCansStore } from '../vehicles/history/vehicle-cans.store.js';
import { vehicleLogsStore } from '../vehicles/history/vehicle-logs.store.js';

/** The generic record entities (part 2 §2 "Generic record screens"), each one description and one store. */
export const recordsRoutes =
  (deps: { db: Db; writer: BatchWriter; dailyStats: DailyStats }): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    const register = async <D extends Parameters<typeof createRecordService>[1] & Parameters<typeof recordRoutes>[0]>(
      d: D,
      store: Parameters<typeof createRecordService>[2],
    ) => app.register(recordRoutes(d, createRecordService(db, d, store)));

    await register(carRecord, tableStore(car, ['name']));
    await register(
      emailTemplateRecord,
      tableStore(emailTemplate, ['template', 'type', 'attributeName'], () => ({ updatedAt: sql`now()` })),
    );
    await register(notificationRecord, notificationListsStore());
    await register(vehicleLogRecord, vehicleLogsStore());
    await register(vehicleCanRecord, vehicleCansStore(deps));
    await app.register(recordVehiclesRoutes(db));
  };
