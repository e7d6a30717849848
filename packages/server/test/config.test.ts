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

describe('RabbitMQ partitions', () => {
  const secret = { JWT_SECRET: 'x'.repeat(32) };
  it('reads the broker nodes, the number of partitions and which share an instance takes first', () => {
    expect(
      loadConfig({
        ...secret,
        AMQP_URLS: 'amqp://a:1@n1:5672, amqp://a:1@n2:5672',
        AMQP_PARTITIONS: '32',
        AMQP_PREFER: '2/3',
      }).amqp,
    ).toEqual({
      urls: ['amqp://a:1@n1:5672', 'amqp://a:1@n2:5672'],
      partitions: 32,
      prefer: { instance: 2, of: 3 },
    });
    expect(loadConfig(secret).amqp).toBeUndefined();
  });

  it('names what is wrong with a bad value', () => {
    expect(() => loadConfig({ ...secret, AMQP_URLS: 'mqtt://n1' })).toThrow(/AMQP_URLS.*amqp:\/\//s);
    expect(() => loadConfig({ ...secret, AMQP_URLS: 'amqp://n1', AMQP_PREFER: '3/2' })).toThrow(/AMQP_PREFER/);
    expect(() => loadConfig({ ...secret, AMQP_URLS: 'amqp://n1', AMQP_PREFER: 'half' })).toThrow(/AMQP_PREFER/);
  });
});
