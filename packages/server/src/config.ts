import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes'].includes(v));

const urlWith = (protocols: string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(', ')})` })
    .refine((u) => protocols.some((p) => u.startsWith(`${p}:`)), {
      error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const readableFile = z.string().refine((path) => existsSync(path) && statSync(path).isFile(), {
  error: 'must be the path of a file that exists',
});

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: urlWith(['postgres', 'postgresql']).optional(),
  DATABASE_READ_URL: urlWith(['postgres', 'postgresql']).optional(),
  DATA_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: urlWith(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('evfleet <no-reply@evfleet.local>'),
  APP_BASE_URL: z.url({ error: 'must be a URL such as http://localhost:8080' }).optional(),
  DEMO: bool.optional(),
  DEMO_TELEMETRY: bool.optional(),
  INITIAL_ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  MQTT_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(1883),
  MQTT_URL: urlWith(['mqtt', 'mqtts']).optional(),
  MQTT_CLIENT_ID: z.string().min(1).max(64).default('evfleet-ingest'),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('evfleet'),
  TELTONIKA_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(5027),
  TELTONIKA_TLS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
  DEVICE_TLS_CERT_FILE: readableFile.optional(),
  DEVICE_TLS_KEY_FILE: readableFile.optional(),
  OSMAND_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(5055),
  AMQP_URLS: z
    .string()
    .transform((v) => v.split(',').map((u) => u.trim()))
    .pipe(z.array(urlWith(['amqp', 'amqps'])).min(1))
    .optional(),
  AMQP_PARTITIONS: z.coerce.number().int().min(1).max(1024).default(16),
  AMQP_PREFER: z
    .string()
    .regex(/^\d+\/\d+$/, 'must be "instance/instances", such as 1/2')
    .transform((v) => v.split('/').map(Number) as [number, number])
    .refine(([i, n]) => i >= 1 && i <= n, 'the instance must be between 1 and the number of instances')
    .optional(),
  RETENTION_DAYS: z.coerce.number().int().positive().optional(),
  HISTORY_HOT_DAYS: z.coerce.number().int().min(0).max(400).default(2),
  OFFLINE_AFTER_MINUTES: z.coerce.number().int().positive().default(10),
  SMS_WEBHOOK_URL: urlWith(['http', 'https']).optional(),
  ALERT_MESSAGES_PER_HOUR: z.coerce.number().int().positive().default(30),
  LOG_REQUESTS: bool.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) tile URL template with {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(500).optional(),
  MAP_PMTILES: z
    .string()
    .refine((path) => path.endsWith('.pmtiles') && existsSync(path) && statSync(path).isFile(), {
      error: 'must be the path of a .pmtiles file that exists',
    })
    .optional(),
  TOKEN_VALIDITY_SECONDS: z.coerce.number().int().positive().default(86_400),
  TOKEN_VALIDITY_REMEMBER_ME_SECONDS: z.coerce.number().int().positive().default(2_592_000),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z
    .string()
    .regex(
      /^[0-9A-Fa-f.:/]+(,\s*[0-9A-Fa-f.:/]+)*$/,
      'must be a comma-separated list of proxy addresses or CIDR ranges',
    )
    .optional(),
  OIDC_ISSUER: z.url({ error: 'must be the URL of an OpenID provider' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).optional(),
  OIDC_CREATE_ACCOUNTS: bool.default(false),
  OIDC_ROLE_CLAIM: z.string().min(1).max(100).optional(),
  PASSWORD_SIGNIN: bool.default(true),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_RETRY_SECONDS: z.coerce.number().positive().max(60, 'must be at most 60').default(30),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(10, 'must be at most 10 (a receiver answers within 10 seconds)')
    .default(10),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// URL')
    .optional(),
  SESSION_CHECK_SECONDS: z.coerce
    .number()
    .min(0)
    .max(5, 'must be at most 5 (a change must take effect within 5 seconds)')
    .default(5),
});

export interface Config {
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };
  /** A PostgreSQL streaming replica the CAN reports and exports read readings from. */
  databaseReadUrl?: string;
  dataDir: string;
  /** External broker (url) or the embedded one on port (0: no MQTT at all). */
  mqtt: { url?: string; port: number; clientId: string; shareGroup: string };
  /**
   * Trackers' own protocols (docs/devices.md): Teltonika over TCP (0: off) and, with a certificate,
   * over TLS; OsmAnd over HTTP (0: off).
   */
  trackers: { teltonikaPort: number; teltonikaTls?: { port: number; cert: string; key: string }; osmandPort: number };
  /**
   * RabbitMQ (docs/scaling.md): readings hashed by VIN onto `partitions` queues, each consumed by one
   * instance at a time. `prefer` (instance i of n) takes every n-th partition first, spreading them.
   */
  amqp?: { urls: string[]; partitions: number; prefer?: { instance: number; of: number } };
  jwtSecret: string;
  smtpUrl?: string;
  smsWebhookUrl?: string;
  /** CAN history older than this is dropped (whole months of rows, whole compacted days); unset keeps everything. */
  retentionDays?: number;
  /** Days of CAN history kept as rows; older readings are compacted by vehicle and day. */
  historyHotDays: number;
  /** A vehicle silent this long is offline. */
  offlineAfterMinutes: number;
  /** Alert messages one vehicle may cause per hour, so a faulty device cannot flood anyone. */
  alertMessagesPerHour: number;
  mailFrom: string;
  appBaseUrl: string;
  demo: boolean;
  /** With demo data: the demo organisation, a week of history and vehicles moving live. */
  demoTelemetry: boolean;
  initialAdminPassword?: string;
  logLevel: string;
  /** One access-log line per request; off by default since it costs about a third of throughput. */
  logRequests: boolean;
  /** A bearer token a Prometheus scraper may use for management/prometheus (administrators' tokens work too). */
  metricsToken?: string;
  webDist?: string;
  /** A raster tile server for the maps (`https://tiles.example/{z}/{x}/{y}.png`); without it the maps show only the bundled outlines. */
  mapTiles?: { url: string; attribution?: string };
  /** A PMTiles archive of streets (an OpenStreetMap extract) the maps draw, served at map/basemap.pmtiles. */
  mapPmtiles?: string;
  tokenValiditySeconds: number;
  tokenValidityRememberMeSeconds: number;
  loginAttemptsPerMinute: number;
  loginFailuresPerAccount: number;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); none by default, not even loopback. */
  trustProxy: string[];
  /**
   * Single sign-on with an OpenID provider (docs/integrations.md): its issuer and this client, the
   * button's name, whether a first sign-in makes an account, and the claim that names roles.
   */
  oidc?: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    name: string;
    createAccounts: boolean;
    roleClaim?: string;
  };
  /** Whether people may sign in with a password (PASSWORD_SIGNIN=false leaves single sign-on only). */
  passwordSignIn: boolean;
  /**
   * Webhooks (docs/integrations.md): whether they may reach loopback, link-local and private
   * addresses, the first retry's delay (doubling up to an hour), and how long a receiver has to
   * answer before the attempt fails.
   */
  webhooks: { allowPrivate: boolean; retryMs: number; timeoutMs: number };
  /**
   * Alerts on the phone (docs/integrations.md): the VAPID keys push messages are signed with
   * (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else made once and kept in DATA_DIR) and the contact
   * push services are given (VAPID_SUBJECT).
   */
  push: { vapid: { publicKey: string; privateKey: string; subject: string } };
  /** The longest an account change (deletion, deactivation, roles, password, sign-out) takes to end its sessions (docs/security.md). */
  sessionCheckMs: number;
}

export class ConfigError extends Error {}

/**
 * DATA_DIR (./data unless set) relative to where the operator typed `npm start`: npm runs the script
 * in the server's package and names the first directory INIT_CWD. A plain `node` uses its own.
 */
export const dataDirOf = (env: NodeJS.ProcessEnv) => resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || './data');

/** Reads the environment once at start; every bad value is named so the operator can fix it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got "${present[String(i.path[0])]}")`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new ConfigError('Invalid configuration:\n  DATABASE_READ_URL: a replica needs DATABASE_URL, its primary');
  const tlsFiles = [e.DEVICE_TLS_CERT_FILE, e.DEVICE_TLS_KEY_FILE].filter(Boolean).length;
  if (e.TELTONIKA_TLS_PORT && tlsFiles < 2)
    throw new ConfigError(
      'Invalid configuration:\n  TELTONIKA_TLS_PORT: needs DEVICE_TLS_CERT_FILE and DEVICE_TLS_KEY_FILE, the certificate and its key',
    );
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet > 0 && oidcSet < 3)
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together',
    );
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: needs VAPID_PRIVATE_KEY, its private key (set both, or neither to have them made)',
    );
  const dataDir = dataDirOf(env);
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: join(dataDir, 'pglite') },
    databaseReadUrl: e.DATABASE_READ_URL,
    dataDir,
    mqtt: { url: e.MQTT_URL, port: e.MQTT_PORT, clientId: e.MQTT_CLIENT_ID, shareGroup: e.MQTT_SHARE_GROUP },
    trackers: {
      teltonikaPort: e.TELTONIKA_PORT,
      teltonikaTls: e.TELTONIKA_TLS_PORT
        ? { port: e.TELTONIKA_TLS_PORT, cert: resolve(e.DEVICE_TLS_CERT_FILE!), key: resolve(e.DEVICE_TLS_KEY_FILE!) }
        : undefined,
      osmandPort: e.OSMAND_PORT,
    },
    amqp: e.AMQP_URLS && {
      urls: e.AMQP_URLS,
      partitions: e.AMQP_PARTITIONS,
      prefer: e.AMQP_PREFER && { instance: e.AMQP_PREFER[0], of: e.AMQP_PREFER[1] },
    },
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    offlineAfterMinutes: e.OFFLINE_AFTER_MINUTES,
    retentionDays: e.RETENTION_DAYS,
    historyHotDays: e.HISTORY_HOT_DAYS,
    alertMessagesPerHour: e.ALERT_MESSAGES_PER_HOUR,
    mailFrom: e.MAIL_FROM,
    appBaseUrl: (e.APP_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // Demo data is the default on the embedded database and opt-in on PostgreSQL.
    demo: e.DEMO ?? !e.DATABASE_URL,
    demoTelemetry: e.DEMO_TELEMETRY ?? true,
    initialAdminPassword: e.INITIAL_ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST,
    mapTiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION } : undefined,
    mapPmtiles: e.MAP_PMTILES && resolve(e.MAP_PMTILES),
    tokenValiditySeconds: e.TOKEN_VALIDITY_SECONDS,
    tokenValidityRememberMeSeconds: e.TOKEN_VALIDITY_REMEMBER_ME_SECONDS,
    loginAttemptsPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
    loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((p) => p.trim()) : [],
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          name: e.OIDC_NAME ?? new URL(e.OIDC_ISSUER).hostname,
          createAccounts: e.OIDC_CREATE_ACCOUNTS,
          roleClaim: e.OIDC_ROLE_CLAIM,
        }
      : undefined,
    passwordSignIn: e.PASSWORD_SIGNIN,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      retryMs: e.WEBHOOK_RETRY_SECONDS * 1000,
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    push: {
      vapid: {
        ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : persistentVapidKeys(dataDir)),
        subject: e.VAPID_SUBJECT ?? `mailto:${/[^\s<>]+@[^\s<>]+/.exec(e.MAIL_FROM)?.[0] ?? 'admin@evfleet.local'}`,
      },
    },
    sessionCheckMs: e.SESSION_CHECK_SECONDS * 1000,
  };
}

/** Without JWT_SECRET the secret is generated once and kept, so tokens survive a restart. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY the keys are made once and kept: subscriptions are bound to them. */
function persistentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  // Written whole, then renamed: another process starting at once never reads half a file.
  const written = `${file}.${process.pid}`;
  writeFileSync(written, JSON.stringify(keys), { mode: 0o600 });
  renameSync(written, file);
  return keys;
}
