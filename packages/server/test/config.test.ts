import { describe, expect, it } from 'vitest';
import { dataDirOf, loadConfig } from '../src/config.js';

describe('DATA_DIR', () => {
  it('is taken from where `npm start` was typed, not from the server package npm runs it in', () => {
    expect(dataDirOf({ INIT_CWD: '/srv/fleet' })).toBe('/srv/fleet/data');
    expect(dataDirOf({ INIT_CWD: '/srv/fleet', DATA_DIR: 'state' })).toBe('/srv/fleet/state');
    expect(dataDirOf({ INIT_CWD: '/srv/fleet', DATA_DIR: '/var/lib/evfleet' })).toBe('/var/lib/evfleet');
    expect(loadConfig({ INIT_CWD: '/srv/fleet' }).database).toEqual({ kind: 'pglite', dir: '/srv/fleet/data/pglite' });
  });

  it('is taken from the working directory under a plain `node`', () => {
    expect(dataDirOf({ DATA_DIR: 'state' })).toBe(`${process.cwd()}/state`);
  });
});
