import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

const BINARY = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => existsSync(p));
/** CI sets REQUIRE_MOSQUITTO: a missing broker fails the suite instead of skipping it. */
export const HAS_MOSQUITTO = BINARY !== undefined;
if (!HAS_MOSQUITTO && process.env.REQUIRE_MOSQUITTO)
  throw new Error('REQUIRE_MOSQUITTO is set but mosquitto is not installed');

const waitForPort = async (port: number) => {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createConnection({ port, host: '127.0.0.1' }, () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}`);
};

/** A throwaway Mosquitto with evfleet's settings (deploy/mosquitto.conf) on a free loopback port. */
export async function startMosquitto() {
  const dir = mkdtempSync(join(tmpdir(), 'evfleet-mosquitto-'));
  const port = await freePort();
  const shipped = readFileSync(new URL('../../../../deploy/mosquitto.conf', import.meta.url), 'utf8');
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    `${shipped}\nlistener ${port} 127.0.0.1\nallow_anonymous true\npersistence_location ${dir}/\n`,
  );
  // Mosquitto drops root privileges to its own user, which must be able to write the directory.
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'mosquitto', dir]);
  const child = spawn(BINARY!, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  await waitForPort(port);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
