import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

// The maps draw the bundled outlines by default; MAP_TILE_URL adds a tile server, told to the
// browser through the public application profile (management/info).
describe('map tile configuration', () => {
  let plain: TestApp;
  let tiled: TestApp;
  beforeAll(async () => {
    plain = await createTestApp('pglite');
    tiled = await createTestApp('pglite', {
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example',
    });
  });
  afterAll(async () => {
    await plain?.close();
    await tiled?.close();
  });

  it('says nothing about tiles when none are configured', async () => {
    const info = (await plain.app.inject({ url: '/management/info' })).json();
    expect(info.mapTileUrl).toBeUndefined();
  });

  it('hands the configured tile URL and attribution to the browser without signing in', async () => {
    const res = await tiled.app.inject({ url: '/management/info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example',
    });
  });

  it('refuses a tile URL without the {z}/{x}/{y} placeholders at start', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), MAP_TILE_URL: 'file:///etc/{z}/{x}/{y}' })).toThrow(
      /MAP_TILE_URL/,
    );
  });
});
