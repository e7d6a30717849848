/**
 * What the browser benchmarks share: a fresh PostgreSQL database, the built portal, the portal
 * started as a child process on it (no demo data, an administrator from INITIAL_ADMIN_PASSWORD),
 * Debian's Chromium, and signing in as that administrator.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { openDatabase, type Db } from '../../packages/server/src/db/client.js';
import { seedReferenceData } from '../../packages/server/src/db/seed.js';
import { reportFailure } from './grid-page.js';
import {
  newestMtime,
  startPortalProcess,
  stopProcess,
  type PortalProcess,
} from '../../packages/server/test/support/portal-process.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
export const ADMIN_PASSWORD = 'bench-admin-123';
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** BENCH_WEB_DIST measures a build kept elsewhere (as the browser tests' E2E_WEB_DIST does). */
const WEB_DIST = process.env.BENCH_WEB_DIST ?? join(REPO_ROOT, 'packages/web/dist');
const WEB_SRC = join(REPO_ROOT, 'packages/web/src');

/** A new, empty database `name` on the PostgreSQL server (dropped first if a run left it). */
export async function freshDatabaseUrl(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The portal as served: build it when dist is missing or older than the sources. */
export function ensureBuilt(): void {
  const index = join(WEB_DIST, 'index.html');
  if (existsSync(index) && (process.env.BENCH_WEB_DIST || newestMtime(WEB_SRC) <= statSync(index).mtimeMs)) return;
  console.log('building the web app (dist missing or older than packages/web/src)');
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status ?? build.signal})`);
}

export async function startPortal(databaseUrl: string, dataDir: string): Promise<PortalProcess & { logFile: string }> {
  const logFile = join(dataDir, 'server.log');
  const portal = await startPortalProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: 'false',
      INITIAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      MQTT_PORT: '0',
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
      WEB_DIST,
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    },
    logFile,
  );
  return { ...portal, logFile };
}

/**
 * The start of a browser benchmark: checks what it needs (TEST_DATABASE_URL from
 * scripts/with-postgres.sh, Chromium), builds the web app when stale, and makes database `name`
 * with the reference data and what `seed` adds. Returns its URL and the seconds seeding took.
 */
export async function seededDatabase(
  name: string,
  seed: (db: Db) => Promise<void>,
): Promise<{ databaseUrl: string; seedSeconds: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required (run through scripts/with-postgres.sh)');
  if (!existsSync(CHROMIUM))
    throw new Error(`this benchmark needs Debian's Chromium at ${CHROMIUM} (npm run test:setup)`);
  ensureBuilt();
  const databaseUrl = await freshDatabaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl }, 4);
  const started = Date.now();
  await seedReferenceData(database.db);
  await seed(database.db);
  await database.close();
  return { databaseUrl, seedSeconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** Signs in through /login as the administrator and waits for the signed-in shell. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('username').fill('admin@evfleet.local');
  await page.getByTestId('password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('sidebar-user').waitFor({ state: 'visible' });
}

/**
 * Chromium on the portal with `initScripts` run, in order, before the portal's own scripts (each is
 * sent as its source text, so it may use nothing of this file); uncaught errors and console
 * warnings and errors (each text once) are collected for the report.
 */
export async function openPortalPage(baseUrl: string, initScripts: (() => void)[], timeoutMs = 30_000) {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(timeoutMs);
  for (const script of initScripts) await context.addInitScript(script);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const consoleMessages = new Set<string>();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Warnings too (AG Grid reports misused options there).
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type()))
      consoleMessages.add(`${message.type()}: ${message.text().slice(0, 300)}`);
  });
  return { browser, page, pageErrors, consoleMessages };
}

/** The machine's load averages, to print beside the figures (a busy machine stretches tasks). */
export const loadAverages = () =>
  `${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} (${cpus().length} cores)`;

/**
 * The portal on `databaseUrl` with Chromium signed in as the administrator (the probes installed
 * first), for `use` to measure. On a failure the page's state and a screenshot are kept with the
 * server log; the server and the browser are stopped either way. Returns the page's console
 * warnings and errors.
 */
export async function withSignedInPortal(
  databaseUrl: string,
  probes: (() => void)[],
  use: (browser: Browser, page: Page) => Promise<void>,
): Promise<Set<string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'evfleet-browser-bench-'));
  let server: ChildProcess | undefined;
  let opened: Awaited<ReturnType<typeof openPortalPage>> | undefined;
  try {
    const portal = await startPortal(databaseUrl, dataDir);
    server = portal.server;
    opened = await openPortalPage(portal.baseUrl, probes);
    await signInAsAdmin(opened.page);
    await use(opened.browser, opened.page);
    if (opened.pageErrors.length) throw new Error(`uncaught errors in the page:\n${opened.pageErrors.join('\n')}`);
  } catch (error) {
    await reportFailure(opened?.page, dataDir);
    throw error;
  } finally {
    await opened?.browser.close();
    if (server) await stopProcess(server);
  }
  rmSync(dataDir, { recursive: true, force: true });
  return opened.consoleMessages;
}
