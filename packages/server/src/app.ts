import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installGuard } from './auth/guard.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createSessions } from './auth/sessions.js';
import { resolveScope } from './auth/visibility.js';
import { createTokens } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { installErrorHandler } from './http/error-handler.js';
import { installInputRules } from './http/input-rules.js';
import { installWebApp } from './http/spa.js';
import { accountMails } from './mail/account-mails.js';
import { createMailDispatcher, type MailDispatcher } from './mail/dispatcher.js';
import { createSmsSender } from './mail/sms-sender.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { installCanReports } from './modules/can-report/can-report.plugin.js';
import { createAccountService } from './modules/account/account.service.js';
import { createDailyStats } from './modules/dashboard/daily-stats.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { recordsRoutes } from './modules/records/records.plugin.js';
import { installAuditTrail, type AuditTrail } from './modules/audits/audit.hook.js';
import { auditsRoutes } from './modules/audits/audits.routes.js';
import { readBuildInfo } from './modules/management/build-info.js';
import { createDiagnostics } from './modules/management/diagnostics.js';
import { createHealth } from './modules/management/health.js';
import { createLoggers } from './modules/management/loggers.js';
import { createMetrics } from './modules/management/metrics.js';
import { operationsRoutes } from './modules/management/operations.routes.js';
import { managementRoutes } from './modules/management/management.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { accountsRepository } from './auth/accounts.repository.js';
import { peopleRoutes } from './modules/people/people.plugin.js';
import { installTelemetry } from './telemetry/install.js';
import { vehicleScreensRoutes } from './modules/vehicles/vehicle-screens.plugin.js';
import type { Telemetry } from './telemetry/telemetry.js';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyBaseLogger | boolean | { level: string };
}

export const BODY_LIMIT = 1024 * 1024;

/** Builds the whole HTTP application from its dependencies; nothing is global. */
export async function buildApp({ config, database, logger }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // Forwarded headers are believed only from configured proxies, so a client cannot pick its own address.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    requestTimeout: 130_000,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  // Security headers on every answer (docs/security.md). No CORS plugin: other origins get no grant.
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Served over plain http on private networks too, so requests are never forced to https.
      directives: {
        upgradeInsecureRequests: null,
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    hsts: false,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'evfleet API', version: '1' } },
    transform: jsonSchemaTransform,
  });

  const tokens = createTokens(config.jwtSecret, {
    normal: config.tokenValiditySeconds,
    rememberMe: config.tokenValidityRememberMeSeconds,
  });
  // Half the allowed delay each for the cache and the live feed's rounds, so together they stay within it.
  const sessions = createSessions({
    tokens,
    load: (userId) => accountsRepository.accountById(database.db, userId),
    ttlMs: config.sessionCheckMs / 2,
  });
  const throttle = createLoginThrottle({
    attemptsPerMinute: config.loginAttemptsPerMinute,
    failuresPerAccount: config.loginFailuresPerAccount,
  });
  const loggers = createLoggers(app.log);
  const sms = createSmsSender({ webhookUrl: config.smsWebhookUrl, log: loggers.get('evfleet.mail') });
  const mail = createMailDispatcher({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    sms,
    log: loggers.get('evfleet.mail'),
  });
  const mails = accountMails(config.appBaseUrl);
  const signalSource = config.mqtt.url
    ? `MQTT ${new URL(config.mqtt.url).host}`
    : config.mqtt.port
      ? `MQTT (embedded broker, port ${config.mqtt.port})`
      : 'HTTP only';
  const build = readBuildInfo(signalSource);
  installGuard(app, sessions, (user) => resolveScope(database.db, user));
  installInputRules(app);
  // Hooks before routes, so every route is measured and audited.
  const auditTrail = installAuditTrail(app, database.db);
  const diagnostics = createDiagnostics();
  // The telemetry side is installed after the routes that report on it; they read it when called.
  const installed: { telemetry?: Awaited<ReturnType<typeof installTelemetry>> } = {};
  const metrics = createMetrics(app, {
    db: database.db,
    mail,
    telemetry: () => installed.telemetry?.pipeline,
    diagnostics,
  });
  const health = createHealth({
    database,
    mail,
    mqtt: () => installed.telemetry?.mqtt,
    mqttDescription: signalSource,
    dataDir: config.dataDir,
  });

  const deps = { db: database.db, mails, mailQueued: mail.kick };
  await app.register(accountRoutes(createAccountService({ ...deps, tokens, sessions, throttle })));
  await app.register(usersRoutes(createUsersService(deps)));
  await app.register(peopleRoutes(deps));
  await app.register(operationsRoutes({ config, health, metrics, loggers, diagnostics }));
  await app.register(auditsRoutes(database.db));
  await app.register(
    managementRoutes({
      database,
      build,
      profiles: config.demo ? ['prod', 'demo'] : ['prod'],
      mapTiles: config.mapTiles,
    }),
  );
  const dailyStats = createDailyStats(database.db, loggers.get('evfleet.telemetry'));
  installed.telemetry = await installTelemetry(app, {
    config,
    database,
    sessions,
    mail,
    log: loggers.get('evfleet.telemetry'),
    readingsCommitted: dailyStats.committed,
  });
  const telemetry = installed.telemetry.pipeline;
  await app.register(dashboardRoutes(createDashboardService({ db: database.db })));
  await app.register(recordsRoutes({ db: database.db, writer: telemetry.writer, dailyStats }));
  await installCanReports(app, database);
  await app.register(vehicleScreensRoutes({ database, alerts: telemetry.alerts }));
  app.get('/v3/api-docs', { config: { access: ['ROLE_ADMIN'] }, schema: { hide: true } }, () => app.swagger());
  await installWebApp(app, config.webDist);

  app.addHook('onClose', async () => {
    throttle.close();
    diagnostics.close();
    await mail.close();
    await dailyStats.close();
  });
  app.decorate('mail', mail);
  app.decorate('telemetry', telemetry);
  app.decorate('dailyStats', dailyStats);
  app.decorate('auditTrail', auditTrail);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailDispatcher;
    telemetry: Telemetry;
    auditTrail: AuditTrail;
  }
}
export type App = Awaited<ReturnType<typeof buildApp>>;
