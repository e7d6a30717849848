/*
 * The composition root of the modules: every module of the server, what it is given, in one place.
 * app.ts builds the infrastructure (HTTP, guard, sessions, mail, telemetry pipeline, live feed) and
 * hands it here; reading this file top to bottom is reading the server's architecture.
 *
 * The layering rule (checked by the layering checker):
 * - Only this file reaches into a module's files (its routes and services) to wire them.
 * - A module uses another module only through that module's `index.ts`, its public surface;
 *   app.ts likewise.
 * - Code outside `modules/` (auth, db, http, lib, live, mail, telemetry, alerts, sim) never imports
 *   from `modules/`: what a lower layer needs lives in it or is passed in from app.ts.
 */
import {
  carRecord,
  emailTemplateRecord,
  notificationRecord,
  vehicleCanRecord,
  vehicleLogRecord,
} from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createThresholdChanges } from '../alerts/threshold-changes.js';
import type { Notifications } from '../db/notifications.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import type { Sessions } from '../auth/sessions.js';
import type { Tokens } from '../auth/tokens.js';
import type { accountsRepository } from '../auth/accounts.repository.js';
import type { Config } from '../config.js';
import { car, emailTemplate } from '../db/admin-schema.js';
import type { Database } from '../db/client.js';
import type { AccountMails } from '../mail/account-mails.js';
import type { MailDispatcher } from '../mail/dispatcher.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import type { Trackers } from '../telemetry/trackers/trackers.js';
import { accountRoutes } from './account/account.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { createAnalyticsService } from './analytics/analytics.service.js';
import { createAccountService } from './account/account.service.js';
import { auditsRoutes } from './audits/audits.routes.js';
import { BASEMAP_PATH, basemapRoutes } from './basemap/basemap.routes.js';
import { canReportRoutes } from './can-report/report/can-report.routes.js';
import { createCanReportService } from './can-report/report/can-report.service.js';
import { createReportScheduler, type ReportScheduler } from './can-report/schedules/report-scheduler.js';
import { reportSchedulesRoutes } from './can-report/schedules/report-schedules.routes.js';
import { createReportSchedulesService } from './can-report/schedules/report-schedules.service.js';
import type { DailyStats } from './dashboard/daily-stats.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { createDashboardService } from './dashboard/dashboard.service.js';
import { dealersRoutes } from './dealers/dealers.routes.js';
import { createDealersService } from './dealers/dealers.service.js';
import { createDriverVehiclesService } from './drivers/driver-vehicles.service.js';
import { driversRoutes } from './drivers/drivers.routes.js';
import { createDriversService } from './drivers/drivers.service.js';
import { filesRoutes } from './files/files.routes.js';
import { createFilesService } from './files/files.service.js';
import { fleetsRoutes } from './fleets/fleets.routes.js';
import { createFleetsService } from './fleets/fleets.service.js';
import type { BuildInfo } from './management/build-info.js';
import type { DiagnosticsProbe } from './management/diagnostics.js';
import type { createHealth } from './management/health.js';
import type { Loggers } from './management/loggers.js';
import { managementRoutes } from './management/management.routes.js';
import type { Metrics } from './management/metrics.js';
import { operationsRoutes } from './management/operations.routes.js';
import { passwordsRoutes } from './passwords/passwords.routes.js';
import { createPasswordsService } from './passwords/passwords.service.js';
import { preferencesRoutes } from './preferences/preferences.routes.js';
import { createPreferencesService } from './preferences/preferences.service.js';
import { notificationListsStore } from './records/notification-lists.store.js';
import { recordRoutes } from './records/record-routes.js';
import { createRecordService } from './records/record-service.js';
import { recordVehiclesRoutes } from './records/record-vehicles.js';
import { tableStore } from './records/table-store.js';
import { rolePermissionsRoutes } from './role-permissions/role-permissions.routes.js';
import { createRolePermissionsService } from './role-permissions/role-permissions.service.js';
import { superUsersRoutes } from './super-users/super-users.routes.js';
import { createSuperUsersService } from './super-users/super-users.service.js';
import { usersRoutes } from './users/users.routes.js';
import { createUsersService } from './users/users.service.js';
import { vehicleAssignmentRoutes } from './vehicles/assignment/vehicle-assignment.routes.js';
import { createVehicleAssignmentService } from './vehicles/assignment/vehicle-assignment.service.js';
import { vehicleDataRoutes } from './vehicles/data/vehicle-data.routes.js';
import { createVehicleDataService } from './vehicles/data/vehicle-data.service.js';
import { devicesRoutes } from './vehicles/devices/devices.routes.js';
import { vehicleCansStore } from './vehicles/history/vehicle-cans.store.js';
import { vehicleLogsStore } from './vehicles/history/vehicle-logs.store.js';
import { vehicleRecordsRoutes } from './vehicles/records/vehicle-records.routes.js';
import { createVehicleRecordsService } from './vehicles/records/vehicle-records.service.js';
import { templatesRoutes } from './vehicles/templates/templates.routes.js';
import { createTemplatesService } from './vehicles/templates/templates.service.js';
import { thresholdSheetsRoutes } from './vehicles/thresholds/threshold-sheets.routes.js';
import { trackersRoutes } from './trackers/trackers.routes.js';
import { ensureBuiltInProfile } from './trackers/device-profiles.service.js';
import { createTrackersService } from './trackers/trackers.service.js';
import { zonesRoutes } from './zones/zones.routes.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { createApiKeysService } from './api-keys/api-keys.service.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { createSsoService } from './sso/sso.service.js';
import { pushRoutes } from './push/push.routes.js';
import { createPushService } from './push/push.service.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';
import { createWebhooksService } from './webhooks/webhooks.service.js';
import { createZonesService } from './zones/zones.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    reportScheduler: ReportScheduler;
  }
}

type Account = NonNullable<Awaited<ReturnType<typeof accountsRepository.accountById>>>;

export interface ModuleDeps {
  config: Config;
  database: Database;
  /** Messages between instances (LISTEN/NOTIFY): threshold saves go out on it. */
  notifications: Notifications;
  /** The reports' readings: a replica, or `database` itself. */
  readDatabase: Database;
  tokens: Tokens;
  sessions: Sessions<Account>;
  throttle: LoginThrottle;
  mail: MailDispatcher;
  mails: AccountMails;
  telemetry: Telemetry;
  /** The trackers' listeners (Teltonika, OsmAnd), told when a tracker or profile changes. */
  trackers: Trackers;
  dailyStats: DailyStats;
  operations: {
    health: ReturnType<typeof createHealth>;
    metrics: Metrics;
    loggers: Loggers;
    diagnostics: DiagnosticsProbe;
    build: BuildInfo;
  };
}

/** Registers every module's routes on the app, each with its services and their dependencies. */
export async function installModules(app: FastifyInstance, deps: ModuleDeps) {
  const { config, database, telemetry } = deps;
  const { db } = database;
  // A module that queues mail kicks the dispatcher once the mail is committed to the outbox.
  const mailing = { db, mails: deps.mails, mailQueued: deps.mail.kick };

  // Accounts and people (part 1): sign-in and one's own account, the users screen, dealers, fleets,
  // drivers, super users, their photos and passwords.
  const { tokens, sessions, throttle } = deps;
  const { passwordSignIn } = config;
  await app.register(accountRoutes(createAccountService({ ...mailing, tokens, sessions, throttle, passwordSignIn })));
  // Single sign-on with an OpenID provider (docs/integrations.md), when OIDC_ISSUER is set.
  await app.register(ssoRoutes(createSsoService({ db, config, tokens, sessions, log: app.log })));
  await app.register(usersRoutes(createUsersService(mailing)));
  await app.register(dealersRoutes(createDealersService(mailing)));
  await app.register(fleetsRoutes(createFleetsService({ db })));
  await app.register(driversRoutes(createDriversService({ db }), createDriverVehiclesService({ db })));
  await app.register(superUsersRoutes(createSuperUsersService({ db })));
  await app.register(filesRoutes(createFilesService({ db })));
  await app.register(passwordsRoutes(createPasswordsService(mailing)));

  // Operations: health, metrics, loggers, the audit trail and the start-up's application profile.
  await app.register(operationsRoutes({ config, ...deps.operations }));
  await app.register(auditsRoutes(db));
  await app.register(
    managementRoutes({
      database,
      build: deps.operations.build,
      profiles: config.demo ? ['prod', 'demo'] : ['prod'],
      mapTiles: config.mapTiles,
      mapPmtilesUrl: config.mapPmtiles && BASEMAP_PATH.slice(1),
      trackerPorts: deps.trackers.ports,
    }),
  );
  // The street basemap the maps draw when the operator has downloaded one (MAP_PMTILES).
  await app.register(basemapRoutes(config.mapPmtiles));

  // Vehicles (part 2): the vehicle records, their assignment to fleets and drivers, their data
  // (map, details, warning logs), device tokens, templates and threshold sheets. Threshold saves
  // reach every instance's alert engine at once.
  const thresholds = await createThresholdChanges(deps.notifications, app.log, telemetry.alerts);
  await app.register(vehicleRecordsRoutes(createVehicleRecordsService({ db, thresholds, devices: telemetry.devices })));
  await app.register(vehicleAssignmentRoutes(createVehicleAssignmentService({ db })));
  const offlineAfterMs = config.offlineAfterMinutes * 60_000;
  await app.register(vehicleDataRoutes(createVehicleDataService({ db, offlineAfterMs })));
  await app.register(devicesRoutes({ db, devices: telemetry.devices }));
  await app.register(templatesRoutes(createTemplatesService({ db, thresholds })));
  await app.register(thresholdSheetsRoutes);

  // Trackers (docs/devices.md): a vehicle's Teltonika box or driver's phone, and the device profiles
  // that turn a box's IO elements into signals. A change ends the vehicle's open connection.
  await ensureBuiltInProfile(db);
  const { trackers } = deps;
  await app.register(
    trackersRoutes(createTrackersService({ db, changed: trackers.changed, deliver: trackers.commands.deliver })),
  );

  // API keys for machines (docs/integrations.md): a person's own, never made through a key.
  await app.register(apiKeysRoutes(createApiKeysService({ db })));
  // Signed webhooks (docs/integrations.md): the events of what a hook's owner sees, through the outbox.
  await app.register(
    webhooksRoutes(
      createWebhooksService({ db, allowPrivate: config.webhooks.allowPrivate, timeoutMs: config.webhooks.timeoutMs }),
    ),
  );
  // Alerts on the phone (docs/integrations.md): each person's browsers, sent the alerts they see through the outbox.
  const { publicKey } = config.push.vapid;
  await app.register(pushRoutes(createPushService({ db, publicKey, allowPrivate: config.webhooks.allowPrivate })));

  // Depots and zones (docs/zones.md): places on the map that belong to a dealer or a fleet.
  await app.register(zonesRoutes(createZonesService({ db })));

  // The manager's dashboard, and the EV analytics kept from the readings as they arrive.
  await app.register(dashboardRoutes(createDashboardService({ db })));
  await app.register(analyticsRoutes(createAnalyticsService({ db })));

  // The generic record screens (part 2 §2): each entity is one description and one store.
  const record = async <D extends Parameters<typeof createRecordService>[1] & Parameters<typeof recordRoutes>[0]>(
    description: D,
    store: Parameters<typeof createRecordService>[2],
  ) => app.register(recordRoutes(description, createRecordService(db, description, store)));
  await record(carRecord, tableStore(car, ['name']));
  await record(
    emailTemplateRecord,
    tableStore(emailTemplate, ['template', 'type', 'attributeName'], () => ({ updatedAt: sql`now()` })),
  );
  await record(notificationRecord, notificationListsStore());
  await record(vehicleLogRecord, vehicleLogsStore());
  const readingsChanged = async (vehicleId: number, timestamps: number[]) => {
    telemetry.readingsChanged(vehicleId, timestamps);
    await deps.dailyStats.recompute(vehicleId, timestamps);
  };
  await record(vehicleCanRecord, vehicleCansStore({ writer: telemetry.writer, readingsChanged }));
  await app.register(recordVehiclesRoutes(db));

  // The CAN history report: its calls, saved templates' schedules, and the scheduler mailing them
  // through the outbox. Its readings may come from a replica, so a long export never slows
  // ingestion; on PostgreSQL an export is read with COPY, which needs a connection of its own.
  const { readDatabase } = deps;
  const reports = createCanReportService({
    db,
    readings: {
      db: readDatabase.db,
      pool: readDatabase.raw.kind === 'postgres' ? readDatabase.raw.pool : undefined,
    },
  });
  await app.register(canReportRoutes(reports));
  await app.register(reportSchedulesRoutes(createReportSchedulesService({ db, reports })));
  const scheduler = createReportScheduler({ db, reports, mailQueued: deps.mail.kick, log: app.log });
  app.decorate('reportScheduler', scheduler);
  // Runs left due by a restart go out as soon as the server is up.
  app.addHook('onReady', async () => void scheduler.runDue());
  app.addHook('onClose', () => scheduler.close());

  // Who may do what: the role-permission toggles and pages, and each user's saved preferences.
  await app.register(rolePermissionsRoutes(createRolePermissionsService({ db })));
  await app.register(preferencesRoutes(createPreferencesService({ db })));
}
