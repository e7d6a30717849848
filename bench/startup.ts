/**
 * How long the server takes to answer management/health, and its memory then: the compiled server
 * under plain node (`npm start`) against the same sources run through tsx (`npm run dev`). Each run
 * starts on a new embedded database (the migrations included), then again on that database.
 * Usage: npx tsx bench/startup.ts (builds the server when its build is older than its sources).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../packages/server/test/support/ports.js';
import {
  ensureServerBuilt,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  stopProcess,
} from '../packages/server/test/support/portal-process.js';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MODES = {
  'compiled (node dist/main.js)': [...SERVER_NODE_FLAGS, SERVER_MAIN],
  'tsx (src/main.ts)': ['--import', 'tsx', 'packages/server/src/main.ts'],
} as const;

/** Resident memory of a process, in MB (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function startOnce(args: readonly string[], dataDir: string): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'false',
      MQTT_PORT: '0',
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/management/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, rss: rssMb(server.pid!) };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await stopProcess(server);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

ensureServerBuilt();
console.log(`median of ${RUNS} runs, embedded PGlite, no demo data`);
for (const [mode, args] of Object.entries(MODES)) {
  const fresh: { ms: number; rss: number }[] = [];
  const again: { ms: number; rss: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'evfleet-startup-'));
    fresh.push(await startOnce(args, dataDir));
    again.push(await startOnce(args, dataDir));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const line = (label: string, runs: { ms: number; rss: number }[]) =>
    `${label}: ${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s to healthy, ${median(runs.map((r) => r.rss)).toFixed(0)} MB resident`;
  console.log(`${mode}\n  ${line('new database', fresh)}\n  ${line('existing database', again)}`);
}
