import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtp } from '../../server/test/support/smtp';
import { CHROMIUM, REPO_ROOT, RESULTS_DIR, WEB_DIST, WEB_SRC } from './support/paths';
import { freePort } from '../../server/test/support/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the portal under test answers, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** GET {mailboxUrl}?to=<address>: JSON list of the mails the SMTP listener received for it. */
    mailboxUrl: string;
    /** The server's JWT_SECRET, so a test can forge an expired token. */
    jwtSecret: string;
  }
}

const HEALTH_TIMEOUT_MS = 60_000;


/** The newest modification time under a directory, to warn about a stale build. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function checkPrerequisites(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}, which is missing. Install it with ` +
        '`npm run test:setup` (or `sudo apt-get install chromium`); these tests are never skipped.',
    );
  }
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) {
    throw new Error(`The built portal is missing (${index}). Build it first with \`npm run build\`, or run \`npm run e2e\` at the repository root, which builds before testing.`);
  }
  if (newestMtime(WEB_SRC) > statSync(index).mtimeMs) {
    console.warn(`[e2e] warning: packages/web/src has changes newer than ${index}; run \`npm run build\` to test them.`);
  }
}

/** A loopback HTTP window onto the SMTP listener, since the test files run in other processes. */
function startMailbox(smtp: Awaited<ReturnType<typeof startSmtp>>): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails = smtp.received.filter((m) => !to || m.to.some((address) => address.toLowerCase() === to));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was healthy; see ${logFile}`);
    try {
      const response = await fetch(`${baseUrl}/management/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server was not healthy within ${HEALTH_TIMEOUT_MS} ms; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child: ChildProcess): Promise<void> {
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

export default async function setup(project: TestProject) {
  checkPrerequisites();
  mkdirSync(RESULTS_DIR, { recursive: true });
  // Screenshots of failures from an earlier run would only mislead.
  for (const file of readdirSync(RESULTS_DIR)) if (file.endsWith('.png')) rmSync(join(RESULTS_DIR, file));

  const smtp = await startSmtp();
  const mailbox = await startMailbox(smtp);
  const dataDir = mkdtempSync(join(tmpdir(), 'evfleet-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const jwtSecret = randomBytes(36).toString('base64url'); // 48 characters
  const logFile = join(RESULTS_DIR, 'e2e-server.log');
  const log = createWriteStream(logFile);

  // One process (node + tsx's loader) so that stopping it stops the server itself.
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'true',
      SMTP_URL: smtp.url,
      APP_BASE_URL: baseUrl,
      JWT_SECRET: jwtSecret,
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      // No MQTT listener: a fixed port could collide with another run; the browser tests use HTTP.
      MQTT_PORT: '0',
      // The 24 demo vehicles, but no demo organisation or moving history: the specs build their own.
      DEMO_TELEMETRY: 'false',
      WEB_DIST,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const teardown = async () => {
    await stop(server);
    log.end();
    await new Promise<void>((resolve) => mailbox.close(() => resolve()));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, logFile);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}/mails`);
  project.provide('jwtSecret', jwtSecret);
  return teardown;
}
