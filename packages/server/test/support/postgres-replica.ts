import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

const PG_BIN = existsSync('/usr/lib/postgresql')
  ? join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin')
  : '';
const asRoot = process.getuid?.() === 0;

/** A command as the postgres user when run as root (PostgreSQL refuses to run as root). */
const run = (command: string, args: string[]) => {
  const bin = join(PG_BIN, command);
  const r = asRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map((a) => `'${a}'`).join(' ')], {
        encoding: 'utf8',
      })
    : spawnSync(bin, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} failed: ${r.stderr}`);
};

/**
 * A throwaway PostgreSQL primary and a streaming replica of it (pg_basebackup -R), each on a free
 * loopback port, trust authentication.
 */
export async function startPostgresWithReplica() {
  const dir = mkdtempSync(join(tmpdir(), 'evfleet-pg-pair-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const options = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres']);
  run('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', '-o', options(primaryPort), 'start']);
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R']);
  run('pg_ctl', ['-D', replica, '-l', join(dir, 'replica.log'), '-w', '-o', options(replicaPort), 'start']);
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stop() {
      for (const d of [replica, primary]) {
        try {
          run('pg_ctl', ['-D', d, '-m', 'immediate', 'stop']);
        } catch {
          // not running
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
