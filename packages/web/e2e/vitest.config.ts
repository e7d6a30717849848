import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers';

/**
 * The browser tests: Playwright (playwright-core) driving Debian's Chromium against the real built
 * portal, served by the real server on an embedded database, with mails caught by a real SMTP
 * listener. Run with `npm run e2e` (root: builds first) or `npm run e2e -w @evfleet/web`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['packages/web/e2e/**/*.e2e.ts'],
    globalSetup: ['packages/web/e2e/global-setup.ts'],
    // One file at a time on two cores; E2E_WORKERS runs more side by side, each with its own portal.
    maxWorkers: E2E_WORKERS,
    minWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A poll waits as long as a locator does (support/fixtures WAIT_MS): vitest's 1 s default
    // failed tests whenever the shared two cores were busy.
    expect: { poll: { timeout: 15_000 } },
    // In CI a failed browser test runs once more, as Playwright's own runner does there: a rare
    // timing flake on the shared two cores does not fail the run, and the retry shows in the output.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default'],
  },
});
