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

describe("trackers' ports", () => {
  const secret = { JWT_SECRET: 'x'.repeat(32) };
  it("listens on Traccar's ports by default; 0 turns a protocol off", () => {
    expect(loadConfig(secret).trackers).toEqual({ teltonikaPort: 5027, teltonikaTls: undefined, osmandPort: 5055 });
    expect(loadConfig({ ...secret, TELTONIKA_PORT: '0', OSMAND_PORT: '0' }).trackers).toMatchObject({
      teltonikaPort: 0,
      osmandPort: 0,
    });
  });

  it('takes a TLS port only with a certificate and key that exist', () => {
    expect(() => loadConfig({ ...secret, TELTONIKA_TLS_PORT: '5028' })).toThrow(/DEVICE_TLS_CERT_FILE/);
    expect(() =>
      loadConfig({
        ...secret,
        TELTONIKA_TLS_PORT: '5028',
        DEVICE_TLS_CERT_FILE: '/nonexistent/cert.pem',
        DEVICE_TLS_KEY_FILE: '/nonexistent/key.pem',
      }),
    ).toThrow(/DEVICE_TLS_CERT_FILE: must be the path of a file that exists/);
    const files = { DEVICE_TLS_CERT_FILE: 'package.json', DEVICE_TLS_KEY_FILE: 'package.json' };
    expect(loadConfig({ ...secret, TELTONIKA_TLS_PORT: '5028', ...files }).trackers.teltonikaTls).toMatchObject({
      port: 5028,
    });
  });
});

describe('webhooks', () => {
  const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/evfleet-test' };
  it('retries first after 30 seconds and gives a receiver 10 seconds by default', () => {
    expect(loadConfig(env).webhooks).toEqual({ allowPrivate: false, retryMs: 30_000, timeoutMs: 10_000 });
    expect(
      loadConfig({ ...env, WEBHOOK_RETRY_SECONDS: '0.05', WEBHOOK_TIMEOUT_SECONDS: '0.5' }).webhooks,
    ).toMatchObject({ retryMs: 50, timeoutMs: 500 });
  });

  it('refuses a first retry later than a minute and a time limit longer than 10 seconds', () => {
    expect(loadConfig({ ...env, WEBHOOK_RETRY_SECONDS: '60' }).webhooks.retryMs).toBe(60_000);
    expect(() => loadConfig({ ...env, WEBHOOK_RETRY_SECONDS: '61' })).toThrow(
      /WEBHOOK_RETRY_SECONDS: must be at most 60/,
    );
    expect(() => loadConfig({ ...env, WEBHOOK_RETRY_SECONDS: '0' })).toThrow(/WEBHOOK_RETRY_SECONDS/);
    expect(loadConfig({ ...env, WEBHOOK_TIMEOUT_SECONDS: '10' }).webhooks.timeoutMs).toBe(10_000);
    expect(() => loadConfig({ ...env, WEBHOOK_TIMEOUT_SECONDS: '11' })).toThrow(
      /WEBHOOK_TIMEOUT_SECONDS: must be at most 10/,
    );
    expect(() => loadConfig({ ...env, WEBHOOK_TIMEOUT_SECONDS: '0' })).toThrow(/WEBHOOK_TIMEOUT_SECONDS/);
  });
});
