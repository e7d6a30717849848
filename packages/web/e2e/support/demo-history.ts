import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Writing the demo's three weeks takes ~40 s on a quiet machine and about two minutes on a loaded one. */
export const HISTORY_WAIT_MS = 240_000;

/**
 * Until a demo portal has logged that its history is written (packages/server/src/demo/demo-telemetry.ts),
 * and `ready` (when given) says what the test needs of it shows.
 */
export async function waitForDemoHistory(
  server: ChildProcess,
  logFile: string,
  ready: () => Promise<boolean> = async () => true,
): Promise<void> {
  const deadline = Date.now() + HISTORY_WAIT_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the demo portal exited; see ${logFile}`);
    if (readFileSync(logFile, 'utf8').includes('demo history:') && (await ready())) return;
    if (Date.now() > deadline)
      throw new Error(`the demo history was not written within ${HISTORY_WAIT_MS} ms; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}
