import { MASK } from '@evfleet/domain';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { maskLogMethod, masked, maskUrls } from '../../../src/modules/management/masking.js';

describe('URLs in settings and log lines', () => {
  it('mask every password of a list, whatever separates its URLs or the password holds', () => {
    expect(maskUrls('amqp://evfleet:s3cret@h1:5672,amqps://evfleet:s3cret@h2:5671')).toBe(
      `amqp://evfleet:${MASK}@h1:5672,amqps://evfleet:${MASK}@h2:5671`,
    );
    expect(maskUrls('amqp://a:one@h1 amqp://b:two@h2;mqtt://c:three@h3')).toBe(
      `amqp://a:${MASK}@h1 amqp://b:${MASK}@h2;mqtt://c:${MASK}@h3`,
    );
    for (const text of ['amqp://u:pa/ss@h', 'amqp://u:pa,ss@h', 'redis://:pa:ss@h:6379', 'postgres://u:p%40ss@db/x'])
      expect(maskUrls(text), text).not.toMatch(/pa|ss@|p%40/);
    expect(maskUrls('smtp://mail:25?user=a&password=hunter2')).not.toContain('hunter2');
    expect(maskUrls('no URL here: host:5672, user@example.com')).toBe('no URL here: host:5672, user@example.com');
    expect(maskUrls('https://example.com/path?page=2')).toBe('https://example.com/path?page=2');
  });

  it('mask the environment view’s lists as its single URLs', () => {
    expect(masked('amqp://u:s3cret@h1,amqp://u:s3cret@h2', 'AMQP_URLS')).not.toContain('s3cret');
    expect(masked({ amqp: { urls: ['amqp://u:s3cret@h1'] } })).toEqual({ amqp: { urls: [`amqp://u:${MASK}@h1`] } });
  });

  it('keep passwords out of the log: messages, string fields and errors', async () => {
    let out = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, hooks: { logMethod: maskLogMethod } } });
    await app.ready();
    app.log.info('consuming from amqp://evfleet:hunter2@h1,amqp://evfleet:hunter2@h2');
    app.log.warn({ err: 'connect amqp://evfleet:hunter2@h1 refused' }, 'RabbitMQ connection error');
    app.log.error({ err: new Error('cannot reach postgres://evfleet:hunter2@db/evfleet') }, 'the database failed');
    app.log.info({ vehicle: 7, count: 3 }, 'nothing to mask');
    await app.close();
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    expect(out).not.toContain('hunter2');
    expect(lines[0].msg).toBe(`consuming from amqp://evfleet:${MASK}@h1,amqp://evfleet:${MASK}@h2`);
    expect(lines[2].err).toMatchObject({
      type: 'Error',
      message: `cannot reach postgres://evfleet:${MASK}@db/evfleet`,
    });
    expect(lines[3]).toMatchObject({ vehicle: 7, count: 3, msg: 'nothing to mask' });
  });
});
