import { MAX_IMAGE_BYTES } from '@evfleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.js';
import {
  callerFor,
  createTenant,
  multipartBody,
  PNG,
  snapshot,
  type Caller,
  type Tenant,
} from '../../support/people.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe.each(DATABASE_KINDS)('photo upload on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  const upload = (token: string, file: Parameters<typeof multipartBody>[0], fields?: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      ...multipartBody(file, fields),
      headers: { ...multipartBody(file, fields).headers, authorization: token },
    });
  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    b = await createTenant(t, adminToken, 'B');
  });
  afterAll(() => t?.close());

  it('stores a real PNG, attaches it to a driver and shows it as base64', async () => {
    const res = await upload(a.dealer, { name: 'face.png', bytes: PNG });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), data: PNG.toString('base64') });
    const driver = (await admin('GET', `/api/drivers/${a.driverId}`)).json();
    const saved = await callerFor(t, a.dealer)('PUT', '/api/drivers', { ...driver, dbFileId: res.json().id });
    expect(saved.json()).toMatchObject({ dbFileId: res.json().id, data: PNG.toString('base64') });
    expect((await admin('GET', '/api/drivers/search?name=Driver A')).json().data[0].data).toBe(PNG.toString('base64'));
  });

  it('replaces a file in place for whoever manages its driver', async () => {
    const driver = (await admin('GET', `/api/drivers/${a.driverId}`)).json();
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    const res = await upload(a.fleet, { name: 'face.gif', bytes: gif }, { id: String(driver.dbFileId) });
    expect(res.json()).toEqual({ id: driver.dbFileId, data: gif.toString('base64') });
    expect((await admin('GET', `/api/drivers/${a.driverId}`)).json().data).toBe(gif.toString('base64'));
    expect((await upload(b.dealer, { name: 'x.png', bytes: PNG }, { id: String(driver.dbFileId) })).statusCode).toBe(
      403,
    );
    expect((await upload(adminToken, { name: 'x.png', bytes: PNG }, { id: '999999' })).statusCode).toBe(404);
  });

  it("refuses another tenant's photo on a driver", async () => {
    const photo = (await admin('GET', `/api/drivers/${a.driverId}`)).json().dbFileId;
    const bDriver = (await admin('GET', `/api/drivers/${b.driverId}`)).json();
    expect((await callerFor(t, b.dealer)('PUT', '/api/drivers', { ...bDriver, dbFileId: photo })).statusCode).toBe(404);
    const res = await admin('PUT', '/api/drivers', { ...bDriver, dbFileId: photo });
    expect(res.headers['x-evfleetapp-error']).toBe('This photo belongs to another driver.');
    const loose = (await upload(a.dealer, { name: 'y.png', bytes: PNG })).json().id;
    expect((await callerFor(t, b.dealer)('PUT', '/api/drivers', { ...bDriver, dbFileId: loose })).statusCode).toBe(403);
  });

  it('accepts every image kind by its bytes', async () => {
    const kinds: [string, number[]][] = [
      ['a.jpg', [0xff, 0xd8, 0xff, 0xe0]],
      ['a.jpeg', [0xff, 0xd8, 0xff, 0xdb]],
      ['a.tiff', [0x49, 0x49, 0x2a, 0x00]],
      ['b.tiff', [0x4d, 0x4d, 0x00, 0x2a]],
      ['a.psd', [0x38, 0x42, 0x50, 0x53]],
      ['a.GIF', [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]],
    ];
    for (const [name, bytes] of kinds)
      expect((await upload(adminToken, { name, bytes: Buffer.from([...bytes, 0, 0, 0, 0]) })).statusCode, name).toBe(
        200,
      );
  });

  it('refuses text named .png, other types, oversize files and callers who may not upload, storing nothing', async () => {
    const before = await snapshot(t);
    const text = await upload(adminToken, { name: 'fake.png', bytes: Buffer.from('just some text, not an image') });
    expect(text.statusCode).toBe(400);
    expect(text.headers['x-evfleetapp-error']).toBe(
      'Only images can be uploaded (.jpeg, .jpg, .png, .gif, .psd, .tiff).',
    );
    expect((await upload(adminToken, { name: 'photo.exe', bytes: PNG })).statusCode).toBe(400);
    const big = await upload(adminToken, {
      name: 'big.png',
      bytes: Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The image is larger than 2 MB.');
    expect((await upload(adminToken, { name: 'x.png', bytes: PNG }, { id: 'abc' })).statusCode).toBe(400);
    expect((await upload(a.driver, { name: 'x.png', bytes: PNG })).statusCode).toBe(403);
    expect((await upload(await t.user(), { name: 'x.png', bytes: PNG })).statusCode).toBe(403);
    expect((await admin('POST', '/api/file/upload', { file: 'x' })).statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('accepts a photo of exactly the limit', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)]);
    expect((await upload(adminToken, { name: 'exact.png', bytes: exact })).statusCode).toBe(200);
  });
});
