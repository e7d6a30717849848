import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '@evfleet/domain';
import { DATABASE_KINDS } from '../../support/databases.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const METRICS_TOKEN = 'scrape-token-0123456789';

describe.each(DATABASE_KINDS)('administration calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { METRICS_TOKEN, SMTP_URL: 'smtp://mailer:hunter2-secret@127.0.0.1:1' });
    admin = await t.admin();
    user = await t.user();
  });
  afterAll(() => t?.close());

  const get = (url: string, authorization?: string) =>
    t.app.inject({ url, headers: authorization ? { authorization } : {} });

  it('refuses every administration call to non-admins and anonymous callers', async () => {
    for (const url of [
      '/management/jhimetrics',
      '/management/loggers',
      '/management/configprops',
      '/management/env',
      '/management/threaddump',
      '/management/diagnostics',
      '/management/audits',
    ]) {
      expect((await get(url, user)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/management/loggers/ROOT',
          payload: { configuredLevel: 'DEBUG' },
          headers: { authorization: user },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('reports health: status only to anyone, each part to administrators', async () => {
    const open = await get('/management/health');
    // SMTP at port 1 does not answer, so mail is DOWN and the whole is DOWN.
    expect(open.statusCode).toBe(503);
    expect(open.json()).toEqual({ status: 'DOWN' });
    const detailed = (await get('/management/health', admin)).json();
    expect(Object.keys(detailed.components)).toEqual(['db', 'broker', 'mail', 'disk']);
    expect(detailed.components.db.status).toBe('UP');
    expect(detailed.components.broker).toMatchObject({ status: 'UP', details: { transport: 'HTTP only (MQTT off)' } });
    expect(detailed.components.mail.status).toBe('DOWN');
    expect(detailed.components.disk.details.free).toBeGreaterThan(0);
  });

  it('serves metrics as JSON to administrators and as Prometheus text to the scraper token', async () => {
    await get('/api/account', admin);
    const summary = (await get('/management/jhimetrics', admin)).json();
    expect(
      summary.http.some((h: { route: string; status: string }) => h.route === '/api/account' && h.status === '200'),
    ).toBe(true);
    expect(summary.memory.rssBytes).toBeGreaterThan(0);
    expect(summary.outbox).toMatchObject({ pending: expect.any(Number), sent: 0 });

    expect((await get('/management/prometheus')).statusCode).toBe(401);
    expect((await get('/management/prometheus', 'Bearer wrong-token-0123456789')).statusCode).toBe(401);
    expect((await get('/management/prometheus', user)).statusCode).toBe(403);
    const scrape = await get('/management/prometheus', `Bearer ${METRICS_TOKEN}`);
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    for (const name of [
      'http_server_requests_seconds_count',
      'evfleet_readings_stored_total',
      'evfleet_alerts_raised_total',
      'evfleet_outbox_pending',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ])
      expect(scrape.body, name).toContain(name);
    expect(scrape.body).toMatch(
      /http_server_requests_seconds_count\{method="GET",route="\/api\/account",status="200"\} \d+/,
    );
  });

  it('lists loggers and changes a level at run time', async () => {
    const before = (await get('/management/loggers', admin)).json();
    expect(before.levels).toContain('DEBUG');
    expect(before.loggers).toHaveProperty('ROOT');
    expect(before.loggers).toHaveProperty(['evfleet.telemetry']);
    const change = await t.app.inject({
      method: 'POST',
      url: '/management/loggers/evfleet.telemetry',
      payload: { configuredLevel: 'DEBUG' },
      headers: { authorization: admin },
    });
    expect(change.statusCode).toBe(204);
    expect((await get('/management/loggers', admin)).json().loggers['evfleet.telemetry']).toEqual({
      configuredLevel: 'DEBUG',
      effectiveLevel: 'DEBUG',
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/management/loggers/evfleet.telemetry',
      payload: { configuredLevel: null },
      headers: { authorization: admin },
    });
    expect(reset.statusCode).toBe(204);
    expect((await get('/management/loggers', admin)).json().loggers['evfleet.telemetry'].configuredLevel).toBeNull();

    const bad = await t.app.inject({
      method: 'POST',
      url: '/management/loggers/ROOT',
      payload: { configuredLevel: 'LOUD' },
      headers: { authorization: admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('configuredLevel');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/management/loggers/nobody',
      payload: { configuredLevel: 'INFO' },
      headers: { authorization: admin },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows configuration and environment with every secret masked', async () => {
    process.env.EVFLEET_TEST_API_KEY = 'very-secret-value';
    process.env.EVFLEET_TEST_BROKER_URLS = 'amqp://evfleet:list-secret-1@h1:5672,amqp://evfleet:list-secret-2@h2:5672';
    const config = (await get('/management/configprops', admin)).json().config;
    expect(config.jwtSecret).toBe(MASK);
    expect(config.metricsToken).toBe(MASK);
    expect(config.smtpUrl).toContain(MASK);
    expect(config.smtpUrl).not.toContain('hunter2');
    expect(config.port).toBe(8080);
    const env = (await get('/management/env', admin)).json().variables;
    expect(env.EVFLEET_TEST_API_KEY).toBe(MASK);
    expect(JSON.stringify(env)).not.toContain('very-secret-value');
    // A list of URLs, as AMQP_URLS is: each one's password masked, the hosts still shown.
    expect(env.EVFLEET_TEST_BROKER_URLS).toBe(`amqp://evfleet:${MASK}@h1:5672,amqp://evfleet:${MASK}@h2:5672`);
    delete process.env.EVFLEET_TEST_API_KEY;
    delete process.env.EVFLEET_TEST_BROKER_URLS;
  });

  it('serves the OpenAPI document generated from the route schemas to administrators', async () => {
    expect((await get('/v3/api-docs', user)).statusCode).toBe(403);
    const doc = (await get('/v3/api-docs', admin)).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/dealers'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'name',
    );
    expect(doc.paths['/management/audits'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'size', 'sort', 'fromDate', 'toDate']),
    );
  });

  it('answers the thread dump with the process diagnostics', async () => {
    const d = (await get('/management/threaddump', admin)).json();
    expect(d.node).toBe(process.version);
    expect(d.eventLoopDelayMs.p99).toBeGreaterThanOrEqual(0);
    expect(Object.keys(d.activeResources).length).toBeGreaterThan(0);
    expect(d.memory.heapUsed).toBeGreaterThan(0);
    // No device has sent anything to this server yet: its parse thread has not started.
    expect(d.parseThreadUtilization).toBeNull();
  });
});
