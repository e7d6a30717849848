import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The street basemap (MAP_PMTILES): the archive is served at one fixed address in byte ranges, as the
 * browser's PMTiles reader asks for it, and nothing else is served beside it. The bytes here are
 * arbitrary: the route serves the file as it is (the browser tests read a real archive).
 */
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const URL = '/map/basemap.pmtiles';

describe('the street basemap (MAP_PMTILES)', () => {
  let folder: string;
  let archive: string;
  let plain: TestApp;
  let served: TestApp;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'evfleet-basemap-'));
    archive = join(folder, 'region.pmtiles');
    writeFileSync(archive, BYTES);
    // Files beside the archive that must never be reachable through the route.
    writeFileSync(join(folder, 'secret.txt'), 'not for the browser');
    mkdirSync(join(folder, '.hidden'));
    plain = await createTestApp('pglite');
    served = await createTestApp('pglite', { MAP_PMTILES: archive });
  });
  afterAll(async () => {
    await plain?.close();
    await served?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('tells the browser where to read it, without signing in, only when one is configured', async () => {
    expect((await served.app.inject({ url: '/management/info' })).json()).toMatchObject({
      mapPmtilesUrl: 'map/basemap.pmtiles',
    });
    expect((await plain.app.inject({ url: '/management/info' })).json().mapPmtilesUrl).toBeUndefined();
  });

  it('answers the whole archive without a Range, and says it takes ranges', async () => {
    const res = await served.app.inject({ url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(BYTES.length));
    expect(res.rawPayload.equals(BYTES)).toBe(true);
    expect(res.headers.etag).toBeTruthy();
  });

  it('answers a range with 206 and exactly those bytes; a range running past the end stops at it', async () => {
    const res = await served.app.inject({ url: URL, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${BYTES.length}`);
    expect(res.rawPayload.equals(BYTES.subarray(100, 200))).toBe(true);

    // The PMTiles reader's first call asks for 16 KiB, more than a small archive holds.
    const first = await served.app.inject({ url: URL, headers: { range: 'bytes=0-16383' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-${BYTES.length - 1}/${BYTES.length}`);
    expect(first.rawPayload.equals(BYTES)).toBe(true);

    const tail = await served.app.inject({ url: URL, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(BYTES.subarray(BYTES.length - 10))).toBe(true);
  });

  it('refuses a range past the end or unreadable with 416 and the size, never a 500', async () => {
    for (const range of [`bytes=${BYTES.length}-`, 'bytes=5000-6000', 'bytes=abc', 'bytes=9-2']) {
      const res = await served.app.inject({ url: URL, headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${BYTES.length}`);
      expect(res.json().message).toMatch(/outside the basemap/);
    }
    // Several ranges at once may be ignored (RFC 9110): the whole archive, not an error.
    const several = await served.app.inject({ url: URL, headers: { range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(BYTES.length);
  });

  it('serves that one file only: its neighbours and other names are not reachable', async () => {
    for (const url of [
      '/map/secret.txt',
      '/map/region.pmtiles',
      '/map/basemap.pmtiles/../secret.txt',
      '/map/%2e%2e/secret.txt',
      '/map/.hidden',
    ]) {
      const res = await served.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('not for the browser');
    }
  });

  it('answers 404 when no basemap is configured', async () => {
    const res = await plain.app.inject({ url: URL, headers: { range: 'bytes=0-99' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/MAP_PMTILES/);
  });

  it('refuses at start a MAP_PMTILES that is missing or not a .pmtiles file', () => {
    const env = { JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...env, MAP_PMTILES: join(folder, 'missing.pmtiles') })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, MAP_PMTILES: join(folder, 'secret.txt') })).toThrow(/MAP_PMTILES/);
    expect(loadConfig({ ...env, MAP_PMTILES: archive }).mapPmtiles).toBe(archive);
  });
});
