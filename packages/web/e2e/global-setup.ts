import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtp } from '../../server/test/support/smtp';
import { CHROMIUM, RESULTS_DIR, WEB_DIST, WEB_SRC } from './support/paths';
import { E2E_WORKERS } from './support/workers';
import { waitForDemoHistory } from './support/demo-history';
import { newestMtime, startPortalProcess, stopProcess } from '../../server/test/support/portal-process';
import { freePort } from '../../server/test/support/ports';
import { startOpenIdProvider } from '../../server/test/support/openid-provider';
import { OIDC, oidcEnv } from './support/single-sign-on';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where the portals under test answer, e.g. http://127.0.0.1:41234: one per test worker, each
     * with its own database, so files running side by side never see each other's changes.
     */
    baseUrls: string[];
    /** GET {mailboxUrl}?to=<address>: JSON list of the mails the SMTP listener received for it. */
    mailboxUrl: string;
    /** The server's JWT_SECRET, so a test can forge an expired token. */
    jwtSecret: string;
    /** Each portal's Teltonika listener (TELTONIKA_PORT), by worker like `baseUrls`: a test's fake tracker connects there. */
    teltonikaPorts: number[];
  }
}

/** `npm run screenshots`: the pages are photographed with the demo fleet (e2e/every-page.e2e.ts). */
const SCREENSHOTS = process.env.SCREENSHOTS === '1';

function checkPrerequisites(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}, which is missing. Install it with ` +
        '`npm run test:setup` (or `sudo apt-get install chromium`); these tests are never skipped.',
    );
  }
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `The built portal is missing (${index}). Build it first with \`npm run build\`, or run \`npm run e2e\` at the repository root, which builds before testing.`,
    );
  }
  if (newestMtime(WEB_SRC) > statSync(index).mtimeMs) {
    console.warn(
      `[e2e] warning: packages/web/src has changes newer than ${index}; run \`npm run build\` to test them.`,
    );
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

export default async function setup(project: TestProject) {
  checkPrerequisites();
  mkdirSync(RESULTS_DIR, { recursive: true });
  // Screenshots of failures from an earlier run would only mislead.
  for (const file of readdirSync(RESULTS_DIR)) if (file.endsWith('.png')) rmSync(join(RESULTS_DIR, file));

  const smtp = await startSmtp();
  const mailbox = await startMailbox(smtp);
  const jwtSecret = randomBytes(36).toString('base64url'); // 48 characters
  const dataDirs: string[] = [];
  const closeMail = async () => {
    await new Promise<void>((resolve) => mailbox.close(() => resolve()));
    await smtp.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };

  // Single sign-on (single-sign-on.e2e.ts): the provider's port is chosen first, since each portal is
  // told its issuer and the provider is told each portal's addresses once their ports are known.
  const oidcPort = await freePort();
  const startPortal = async (worker: number) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evfleet-e2e-'));
    dataDirs.push(dataDir);
    // A free port of its own, so portals side by side (and other runs) never share a listener.
    const teltonikaPort = await freePort();
    const logFile = join(RESULTS_DIR, `e2e-server-${worker}.log`);
    const portal = await startPortalProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO: 'true',
        SMTP_URL: smtp.url,
        JWT_SECRET: jwtSecret,
        LOGIN_ATTEMPTS_PER_MINUTE: '1000',
        // No MQTT or OsmAnd listener: a fixed port could collide with another run; the browser tests
        // send readings over HTTP. Teltonika's listener is on a free port: trackers.e2e.ts is a tracker.
        MQTT_PORT: '0',
        TELTONIKA_PORT: String(teltonikaPort),
        OSMAND_PORT: '0',
        // webhooks.e2e.ts's receiver listens on loopback, which a deployment's webhooks may not reach.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        ...oidcEnv(`http://127.0.0.1:${oidcPort}`),
        // The 24 demo vehicles, but no demo organisation or moving history: the specs build their own.
        // Photographed (`npm run screenshots`), the pages show the demo fleet with its history.
        DEMO_TELEMETRY: String(SCREENSHOTS),
        WEB_DIST,
        LOG_LEVEL: 'info',
      },
      logFile,
    );
    if (SCREENSHOTS) await waitForDemoHistory(portal.server, logFile);
    return { ...portal, teltonikaPort };
  };
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, (_, i) => startPortal(i + 1)));
  const portals = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const provider = await startOpenIdProvider({
    ...OIDC,
    port: oidcPort,
    redirectUris: portals.map((portal) => `${portal.baseUrl}/api/oidc/callback`),
    postLogoutRedirectUris: portals.map((portal) => `${portal.baseUrl}/login`),
  });
  const teardown = async () => {
    await Promise.all(portals.map((portal) => stopProcess(portal.server)));
    await provider.close();
    await closeMail();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }

  project.provide(
    'baseUrls',
    portals.map((portal) => portal.baseUrl),
  );
  project.provide('mailboxUrl', `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}/mails`);
  project.provide('jwtSecret', jwtSecret);
  project.provide(
    'teltonikaPorts',
    portals.map((portal) => portal.teltonikaPort),
  );
  return teardown;
}
