import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backup, restore } from './backup.js';

/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE`: the database the portal's configuration
 * names (DATABASE_URL, else the embedded one under DATA_DIR). FILE is taken from where npm was run.
 */
const [command, given] = process.argv.slice(2);
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const where = process.env.INIT_CWD ?? process.cwd();

try {
  const { database } = loadConfig();
  if (command === 'backup') {
    const file = resolve(where, given ?? `evfleet-${stamp}.backup`);
    await backup(database, file);
    console.log(`backup: ${file}`);
  } else if (command === 'restore' && given) {
    await restore(database, resolve(where, given));
    console.log(`restored ${given}: start the portal to apply any newer migrations`);
  } else {
    console.error('usage: npm run backup [-- FILE] | npm run restore -- FILE');
    process.exit(2);
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
