import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Config } from '../config.js';
import { openPglite } from './client.js';

/**
 * A whole database to one file and back: PostgreSQL through its own pg_dump and pg_restore (the
 * custom format, compressed), the embedded PGlite as its data directory in a gzipped tar. The
 * embedded database is one process's: stop the portal before either.
 */

/** A PostgreSQL client program: on the PATH, else the newest Debian installs. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(':')) if (existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  const installed = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  const found = installed.map((v) => `/usr/lib/postgresql/${v}/bin/${name}`).find((path) => existsSync(path));
  if (!found) throw new Error(`${name} not found: install PostgreSQL's client programs`);
  return found;
}

export async function backup(database: Config['database'], file: string): Promise<void> {
  if (database.kind === 'postgres') {
    execFileSync(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, database.url], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return;
  }
  const client = await openPglite(database.dir);
  try {
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Restores into an empty database: a PostgreSQL one made for it, or a DATA_DIR without a database. */
export async function restore(database: Config['database'], file: string): Promise<void> {
  if (database.kind === 'postgres') {
    execFileSync(
      pgTool('pg_restore'),
      ['--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${database.url}`, file],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    return;
  }
  if (existsSync(database.dir) && readdirSync(database.dir).length > 0)
    throw new Error(`${database.dir} already holds a database: move it away before restoring`);
  const client = await openPglite(database.dir, new Blob([readFileSync(file)]));
  await client.close();
}
