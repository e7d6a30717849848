import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

/**
 * The portal as its own process, as an operator runs it and as the browser tests and benchmarks
 * do: the compiled server under plain node (no npm wrapper), so that stopping it stops the server.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = join(REPO_ROOT, 'packages/server/dist/main.js');
/**
 * The heap production gives node (the server's `npm start`, deploy/evfleet.service): a young
 * generation in which readings in flight die young instead of being copied, and no allocation-site
 * pretenuring, without which readings behind an external broker were promoted in most runs
 * (docs/decisions.md, "The cost of a reading").
 */
export const HEAP_FLAGS = ['--max-semi-space-size=64', '--no-allocation-site-pretenuring'];
/** node's flags for the compiled server, as production starts it. */
export const SERVER_NODE_FLAGS = [...HEAP_FLAGS, '--conditions=compiled'];
// On two cores shared with other suites a start (migrations included) has taken tens of seconds.
const HEALTH_TIMEOUT_MS = 120_000;

/** Compiles the domain and the server when their build is missing or older than their sources. */
export function ensureServerBuilt(): void {
  const sources = ['packages/domain/src', 'packages/server/src', 'packages/server/drizzle'];
  const built = existsSync(SERVER_MAIN) ? statSync(SERVER_MAIN).mtimeMs : 0;
  if (sources.every((dir) => newestMtime(join(REPO_ROOT, dir)) <= built)) return;
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@evfleet/domain', '-w', '@evfleet/server'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`building the server failed (${build.status ?? build.signal})`);
}

export interface PortalProcess {
  baseUrl: string;
  server: ChildProcess;
}

/**
 * Starts the server on a free loopback port (also its APP_BASE_URL, which mails link to) with `env`
 * over this process's environment; its output goes to `logFile`. Returns once it answers its health
 * check, or at once with `{ healthy: false }`.
 */
export async function startPortalProcess(
  env: Record<string, string>,
  logFile: string,
  { healthy = true } = {},
): Promise<PortalProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  ensureServerBuilt();
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_BASE_URL: baseUrl,
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Two streams into one file: it ends once both have ('close'), not when the first does or the process exits.
  server.stdout?.pipe(log, { end: false });
  server.stderr?.pipe(log, { end: false });
  server.once('close', () => log.end());
  const logWritten = new Promise<void>((resolve) => log.once('finish', () => resolve()));
  if (!healthy) return { baseUrl, server };
  try {
    await waitForHealth(baseUrl, server, logFile, logWritten);
  } catch (error) {
    await stopProcess(server);
    throw error;
  }
  return { baseUrl, server };
}

async function waitForHealth(
  baseUrl: string,
  server: ChildProcess,
  logFile: string,
  logWritten: Promise<void>,
): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) {
      // The log may be gone by the time someone reads CI's output: its end goes into the error.
      await logWritten;
      const end = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`The server exited with code ${server.exitCode} before it was healthy; ${logFile} ends:\n${end}`);
    }
    try {
      if ((await fetch(`${baseUrl}/management/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`The server was not healthy within ${HEALTH_TIMEOUT_MS} ms; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, then SIGKILL if it has not exited within 10 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The newest modification time under a directory, to tell a build older than its sources. */
export function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
