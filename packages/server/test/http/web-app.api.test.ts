import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The server with a built web app beside it (as `npm start` and the browser tests run it): it must
// start, serve the files, and answer page paths with index.html while API paths keep their JSON 404.
describe('the built web app served by the server', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'evfleet-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>evfleet</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("evfleet");');
    writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the files and index.html for page paths', async () => {
    const asset = await t.app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('evfleet');
    expect((await t.app.inject({ url: '/logo.svg' })).statusCode).toBe(200);

    for (const page of ['/', '/login', '/account/activate?key=abc', '/no-such-page']) {
      const res = await t.app.inject({ url: page });
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['content-type'], page).toContain('text/html');
      expect(res.body, page).toContain('<div id="root">');
    }
  });

  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    for (const path of ['/api/does-not-exist', '/management/nothing', '/assets/missing.js']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().status, path).toBe(404);
    }
    expect((await t.app.inject({ url: '/management/health' })).json().status).toBe('UP');
  });
});
