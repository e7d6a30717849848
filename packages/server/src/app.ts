import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountsRepository } from './auth/accounts.repository.js';
import { installGuard } from './auth/guard.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createApiKeys } from './auth/api-keys.js';
import { createSessions } from './auth/sessions.js';
import { resolveScope } from './auth/visibility.js';
import { createTokens } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createNotifications } from './db/notifications.js';
import { installErrorHandler } from './http/error-handler.js';
import { installInputRules } from './http/input-rules.js';
import { installWebApp } from './http/spa.js';
import { accountMails } from './mail/account-mails.js';
import { createMailDispatcher, type MailDispatcher } from './mail/dispatcher.js';
import { createSmsSender } from './mail/sms-sender.js';
import { installAuditTrail, type AuditTrail } from './modules/audits/index.js';
import { createDailyStats } from './modules/dashboard/index.js';
import { createPushDispatcher, type PushDispatcher } from './modules/push/index.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './modules/webhooks/index.js';
import { createZoneAlerts } from './modules/zones/index.js';
import { createFleetEvents } from './events/fleet-events.js';
import { installModules } from './modules/index.js';
import {
  createDiagnostics,
  createHealth,
  createLoggers,
  createMetrics,
  maskLogMethod,
  readBuildInfo,
} from './modules/management/index.js';
import { createMapItems } from './modules/vehicles/index.js';
import { installTelemetry } from './telemetry/install.js';
import type { Trackers } from './telemetry/trackers/trackers.js';
import type { Telemetry } from './telemetry/telemetry.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the CAN reports read readings from: a replica (DATABASE_READ_URL), else `database`. */
  readDatabase?: Database;
  logger?: FastifyBaseLogger | boolean | { level: string };
}

export const BODY_LIMIT = 1024 * 1024;

/** The HTTP server with its compilers, error shapes, security headers and OpenAPI description, no routes yet. */
async function httpServer(config: Config, logger: AppDeps['logger']) {
  const app = Fastify({
    // A URL a log line quotes has its password masked (docs/security.md).
    logger: logger ?? { level: config.logLevel, hooks: { logMethod: maskLogMethod } },
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
  return app;
}

/** Who is signed in: tokens, the sessions they stand for, and the sign-in limits. */
function accountsSide(config: Config, database: Database) {
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
  const throttle = createLoginThrottle(database.db, {
    attemptsPerMinute: config.loginAttemptsPerMinute,
    failuresPerAccount: config.loginFailuresPerAccount,
  });
  return { tokens, sessions, throttle };
}

/** Mail and SMS out: the outbox's dispatcher and the account mails. */
function mailSide(config: Config, database: Database, loggers: Loggers) {
  const log = loggers.get('evfleet.mail');
  const sms = createSmsSender({ webhookUrl: config.smsWebhookUrl, log });
  const mail = createMailDispatcher({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, sms, log });
  return { mail, mails: accountMails(config.appBaseUrl) };
}

/** Where readings come from, as the health check and the build info say it. */
const signalSourceOf = (config: Config) =>
  config.amqp
    ? `MQTT through RabbitMQ (${config.amqp.partitions} partitions)`
    : config.mqtt.url
      ? `MQTT ${new URL(config.mqtt.url).host}`
      : config.mqtt.port
        ? `MQTT (embedded broker, port ${config.mqtt.port})`
        : 'HTTP only';

type InstalledTelemetry = Awaited<ReturnType<typeof installTelemetry>>;
type Loggers = ReturnType<typeof createLoggers>;

/**
 * Metrics, health and diagnostics. They come before the telemetry side, whose routes they measure,
 * and read it when called (`telemetry`).
 */
function operationsSide(
  app: FastifyInstance,
  deps: AppDeps & { readDatabase: Database; mailing: ReturnType<typeof mailSide>; loggers: Loggers },
  telemetry: () => InstalledTelemetry | undefined,
) {
  const { config, database, readDatabase, mailing } = deps;
  const signalSource = signalSourceOf(config);
  const diagnostics = createDiagnostics({
    parseThreadUtilization: () => telemetry()?.pipeline.parseThreadUtilization() ?? null,
  });
  const metrics = createMetrics(app, {
    db: database.db,
    mail: mailing.mail,
    accountMails: mailing.mails,
    telemetry: () => telemetry()?.pipeline,
    diagnostics,
  });
  const health = createHealth({
    database,
    replica: readDatabase === database ? undefined : readDatabase,
    mail: mailing.mail,
    mqtt: () => telemetry()?.mqtt,
    mqttDescription: signalSource,
    dataDir: config.dataDir,
  });
  return { health, metrics, loggers: deps.loggers, diagnostics, build: readBuildInfo(signalSource) };
}

/** Builds the whole HTTP application from its dependencies; nothing is global. */
export async function buildApp(deps: AppDeps) {
  const { config, database, readDatabase = database } = deps;
  const app = await httpServer(config, deps.logger);
  const { tokens, sessions, throttle } = accountsSide(config, database);
  const loggers = createLoggers(app.log);
  const mailing = mailSide(config, database, loggers);
  const { mail, mails } = mailing;
  const apiKeys = createApiKeys({ db: database.db, account: sessions.current });
  installGuard(app, sessions, (user) => resolveScope(database.db, user), apiKeys);
  installInputRules(app);
  // Hooks before routes, so every route is measured and audited.
  const auditTrail = installAuditTrail(app, database.db);
  const installed: { telemetry?: InstalledTelemetry } = {};
  const operations = operationsSide(app, { ...deps, readDatabase, mailing, loggers }, () => installed.telemetry);

  // One listening connection for every instance-to-instance message, closed after everything that sends.
  const notifications = await createNotifications(database, loggers.get('evfleet.telemetry'));
  const dailyStats = createDailyStats(database.db, loggers.get('evfleet.telemetry'));
  // What happens to vehicles goes out through the webhooks' outbox.
  const webhooks = createWebhookDispatcher({
    db: database.db,
    account: sessions.current,
    ...config.webhooks,
    appBaseUrl: config.appBaseUrl,
    log: loggers.get('evfleet.webhooks'),
    mailQueued: mail.kick,
  });
  // Raised alerts go to the browsers subscribed to them through the push outbox, by the webhooks' address and retry rules.
  const push = createPushDispatcher({
    db: database.db,
    account: sessions.current,
    vapid: config.push.vapid,
    ...config.webhooks,
    log: loggers.get('evfleet.push'),
  });
  const events = createFleetEvents({ queued: webhooks.kick, pushQueued: push.kick });
  const zoneAlerts = createZoneAlerts({
    db: database.db,
    log: loggers.get('evfleet.telemetry'),
    messagesPerHour: config.alertMessagesPerHour,
    messagesQueued: mail.kick,
    events,
  });
  installed.telemetry = await installTelemetry(app, {
    config,
    database,
    notifications,
    sessions,
    mail,
    log: loggers.get('evfleet.telemetry'),
    readingsCommitted: dailyStats.committed,
    flushCommitted: dailyStats.flush,
    vehiclesTakenOver: dailyStats.takenOver,
    zoneAlertsFound: zoneAlerts.found,
    events,
    apiKeys,
    mapItems: (fresh) => createMapItems(database.db, fresh),
  });
  const { pipeline: telemetry, trackers } = installed.telemetry;
  await installModules(app, {
    config,
    database,
    notifications,
    readDatabase,
    tokens,
    sessions,
    throttle,
    mail,
    mails,
    telemetry,
    trackers,
    dailyStats,
    operations,
  });
  app.get('/v3/api-docs', { config: { access: ['ROLE_ADMIN'] }, schema: { hide: true } }, () => app.swagger());
  await installWebApp(app, config.webDist);

  app.addHook('onClose', async () => {
    throttle.close();
    operations.diagnostics.close();
    await webhooks.close();
    await push.close();
    await mail.close();
    await dailyStats.close();
    await notifications.close();
  });
  app.decorate('mail', mail);
  app.decorate('webhooks', webhooks);
  app.decorate('push', push);
  app.decorate('telemetry', telemetry);
  app.decorate('trackers', trackers);
  app.decorate('dailyStats', dailyStats);
  app.decorate('auditTrail', auditTrail);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailDispatcher;
    webhooks: WebhookDispatcher;
    push: PushDispatcher;
    telemetry: Telemetry;
    trackers: Trackers;
    auditTrail: AuditTrail;
  }
}
export type App = Awaited<ReturnType<typeof buildApp>>;
