import type { AuditEvent } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor, createTenant, type Caller, type Tenant } from '../support/people.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Created {
  id: number;
  key: string;
  shown: string;
  scopes: string[];
  owner: string;
  expiresAt: string | null;
}

describe.each(DATABASE_KINDS)('API keys on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let a: Tenant;
  let b: Tenant;
  let dealer: Caller;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const adminToken = await t.admin();
    admin = callerFor(t, adminToken);
    a = await createTenant(t, adminToken, 'A');
    b = await createTenant(t, adminToken, 'B');
    dealer = callerFor(t, a.dealer);
  });
  afterAll(() => t?.close());

  const create = async (caller: Caller, body: Record<string, unknown>) => {
    const res = await caller('POST', '/api/api-keys', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Created>();
  };
  /** A small zone of a dealer: a write any dealer may make for itself. */
  const yard = (dealerId: number) => ({
    name: 'Yard',
    kind: 'zone',
    geometry: { type: 'Point', coordinates: [-87.6, 41.8], radiusM: 100 },
    dealerId,
  });
  /** A call made with a key as the bearer token. */
  const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${key}` } });

  it('shows a key once and keeps only its hash; a read key reads what its owner reads and changes nothing', async () => {
    const created = await create(dealer, { name: 'Dispatch', scopes: ['read'] });
    expect(created.key).toMatch(/^evk_[\w-]{43}$/);
    expect(created.key.startsWith(created.shown)).toBe(true);
    const { rows } = await t.database.db.execute<{ key_hash: string }>(
      sql`select key_hash from api_key where id = ${created.id}`,
    );
    expect(rows[0].key_hash).not.toContain(created.key.slice(4));
    const listed = (await dealer('GET', '/api/api-keys')).json<Record<string, unknown>[]>();
    expect(listed.map((k) => k.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const vehicles = await withKey(created.key, 'GET', `/api/vehicles/${a.vehicles.inFleet}`);
    expect(vehicles.statusCode, vehicles.body).toBe(200);
    expect((await withKey(created.key, 'GET', `/api/vehicles/${b.vehicles.inFleet}`)).statusCode).toBe(404);
    const write = await withKey(created.key, 'POST', '/api/zones', yard(a.dealerId));
    expect(write.statusCode).toBe(403);
  });

  it('lets a write key make every call its owner may, and records its last use', async () => {
    const created = await create(dealer, { name: 'ERP', scopes: ['read', 'write'] });
    const zone = await withKey(created.key, 'POST', '/api/zones', yard(a.dealerId));
    expect(zone.statusCode, zone.body).toBe(201);
    // Not beyond the owner's rights: another dealer's zone is refused as to the owner.
    const foreign = await withKey(created.key, 'POST', '/api/zones', yard(b.dealerId));
    expect(foreign.statusCode).toBe(403);
    await expect
      .poll(async () => (await dealer('GET', '/api/api-keys')).json<{ id: number; lastUsedAt: string | null }[]>())
      .toContainEqual(expect.objectContaining({ id: created.id, lastUsedAt: expect.any(String) }));
  });

  it('lists the address a key was last used from', async () => {
    const created = await create(dealer, { name: 'Depot gateway', scopes: ['read'] });
    const used = await t.app.inject({
      url: '/api/account',
      headers: { authorization: `Bearer ${created.key}` },
      remoteAddress: '198.51.100.23',
    });
    expect(used.statusCode, used.body).toBe(200);
    await expect
      .poll(async () => (await dealer('GET', '/api/api-keys')).json<{ id: number; lastUsedFrom: string | null }[]>())
      .toContainEqual(expect.objectContaining({ id: created.id, lastUsedFrom: '198.51.100.23' }));
  });

  it("lists every person's keys to an administrator, and only their own to anyone else", async () => {
    const own = await create(dealer, { name: 'Own', scopes: ['read'] });
    const others = await create(callerFor(t, b.dealer), { name: 'Others', scopes: ['read'] });
    const idsOf = async (caller: Caller) =>
      (await caller('GET', '/api/api-keys')).json<{ id: number; owner: string }[]>().map((k) => k.id);
    expect(await idsOf(admin)).toEqual(expect.arrayContaining([own.id, others.id]));
    expect(await idsOf(dealer)).toContain(own.id);
    expect(await idsOf(dealer)).not.toContain(others.id);
    expect(await idsOf(callerFor(t, b.dealer))).toContain(others.id);
    expect(await idsOf(callerFor(t, b.dealer))).not.toContain(own.id);
    // Each lists its owner, so an administrator tells whose a key is.
    const listed = (await admin('GET', '/api/api-keys')).json<{ id: number; owner: string }[]>();
    expect(listed.find((k) => k.id === own.id)!.owner).toBe(own.owner);
    expect(listed.find((k) => k.id === others.id)!.owner).toBe(others.owner);
    expect(own.owner).not.toBe(others.owner);
  });

  it('audits the making and the revocation of a key, never the key itself', async () => {
    const created = await create(dealer, { name: 'Audited', scopes: ['read'] });
    expect((await dealer('DELETE', `/api/api-keys/${created.id}`)).statusCode).toBe(204);
    await t.app.auditTrail.settled();
    const audits = async (type: string) => {
      const res = await admin('GET', `/management/audits?type=${type}&size=100`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AuditEvent[]>();
    };
    const made = (await audits('API_KEY_CREATED')).filter((e) => e.data?.subject === `Audited (${created.shown}…)`);
    expect(made).toEqual([
      expect.objectContaining({
        principal: created.owner,
        data: expect.objectContaining({ method: 'POST', route: '/api/api-keys', status: 201 }),
      }),
    ]);
    expect(JSON.stringify(made)).not.toContain(created.key);
    const revoked = (await audits('API_KEY_DELETED')).filter(
      (e) => (e.data?.params as { id?: unknown } | undefined)?.id === created.id,
    );
    expect(revoked).toEqual([
      expect.objectContaining({
        principal: created.owner,
        data: expect.objectContaining({ method: 'DELETE', route: '/api/api-keys/:id', status: 204 }),
      }),
    ]);
  });

  it('never lets a key make keys, change a password or sign its owner out', async () => {
    const created = await create(dealer, { name: 'All', scopes: ['read', 'write'] });
    const making = await withKey(created.key, 'POST', '/api/api-keys', { name: 'More', scopes: ['read'] });
    expect(making.statusCode).toBe(403);
    expect((await withKey(created.key, 'GET', '/api/api-keys')).statusCode).toBe(403);
    const password = await withKey(created.key, 'POST', '/api/account/change-password', {
      currentPassword: 'x',
      newPassword: 'Another-pass-123',
    });
    expect(password.statusCode).toBe(403);
    // Signing out ends a person's sessions everywhere: a program's key has none to end.
    expect((await withKey(created.key, 'POST', '/api/logout')).statusCode).toBe(403);
    expect((await dealer('GET', '/api/account')).statusCode).toBe(200);
  });

  it('ends a key at its revocation, its expiry, and its owner’s deactivation, at the next call', async () => {
    const revoked = await create(dealer, { name: 'Revoked', scopes: ['read'] });
    expect((await withKey(revoked.key, 'GET', '/api/account')).statusCode).toBe(200);
    expect((await dealer('DELETE', `/api/api-keys/${revoked.id}`)).statusCode).toBe(204);
    expect((await withKey(revoked.key, 'GET', '/api/account')).statusCode).toBe(401);
    // Another owner's key is not found for a dealer; an administrator revokes any.
    const others = await create(callerFor(t, b.dealer), { name: 'B', scopes: ['read'] });
    expect((await dealer('DELETE', `/api/api-keys/${others.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/api-keys/${others.id}`)).statusCode).toBe(204);

    const expiring = await create(dealer, {
      name: 'Expiring',
      scopes: ['read'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await withKey(expiring.key, 'GET', '/api/account')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update api_key set expires_at = now() - interval '1 second' where id = ${expiring.id}`,
    );
    expect((await withKey(expiring.key, 'GET', '/api/account')).statusCode).toBe(401);

    const fleetOwner = callerFor(t, a.fleet);
    const owned = await create(fleetOwner, { name: 'Fleet', scopes: ['read'] });
    expect((await withKey(owned.key, 'GET', '/api/zones')).statusCode).toBe(200);
    const { rows } = await t.database.db.execute<{ user_id: number }>(
      sql`select user_id from fleet where id = ${a.fleetId}`,
    );
    await t.database.db.execute(
      sql`update app_user set activated = false, session_version = session_version + 1 where id = ${rows[0].user_id}`,
    );
    await expect.poll(async () => (await withKey(owned.key, 'GET', '/api/zones')).statusCode).toBe(401);
  });

  it('ends a key with its owner: deleted through the users API, the key fails at its next call', async () => {
    const person = await admin('POST', '/api/users', {
      login: 'key-owner',
      email: 'key-owner@people.test',
      authorities: ['ROLE_USER'],
      password: 'person-pass-1',
    });
    expect(person.statusCode, person.body).toBe(201);
    const owner = callerFor(t, await t.bearer('key-owner', 'person-pass-1'));
    const created = await create(owner, { name: 'Orphaned', scopes: ['read'] });
    expect((await withKey(created.key, 'GET', '/api/account')).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/users/${person.json<{ id: number }>().id}`)).statusCode).toBe(204);
    expect((await withKey(created.key, 'GET', '/api/account')).statusCode).toBe(401);
    const listed = (await admin('GET', '/api/api-keys')).json<{ id: number }[]>();
    expect(listed.map((k) => k.id)).not.toContain(created.id);
  });

  it('refuses bad keys with field errors, and unknown keys with 401', async () => {
    const res = await dealer('POST', '/api/api-keys', {
      name: ' ',
      scopes: ['admin'],
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json<{ fieldErrors: { field: string }[] }>().fieldErrors ?? []).map((e) => e.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['expiresAt', 'name']));
    expect(fields.some((f) => f.startsWith('scopes'))).toBe(true);
    expect((await withKey('evk_not-a-key', 'GET', '/api/account')).statusCode).toBe(401);
  });

  it('sends readings over HTTP with a telemetry key for the owner’s vehicles only', async () => {
    const created = await create(dealer, { name: 'Gateway', scopes: ['telemetry'] });
    const { rows } = await t.database.db.execute<{ id: number; vin: string }>(
      sql`select id, vin from vehicle where id in (${a.vehicles.inFleet}, ${b.vehicles.inFleet}) order by id`,
    );
    const send = (vin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/telemetry/readings',
        headers: {
          authorization: `Basic ${Buffer.from(`${vin}:${created.key}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify([{ ts: Date.now() - 1000, speed: 3, batteryCharge: 80 }]),
      });
    const own = rows.find((r) => r.id === a.vehicles.inFleet)!;
    const foreign = rows.find((r) => r.id === b.vehicles.inFleet)!;
    const ok = await send(own.vin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ accepted: number }>().accepted).toBe(1);
    expect((await send(foreign.vin)).statusCode).toBe(401);
    // A telemetry key reads nothing.
    expect((await withKey(created.key, 'GET', '/api/account')).statusCode).toBe(403);
  });

  it('limits a key to 100 requests a second', async () => {
    const created = await create(dealer, { name: 'Busy', scopes: ['read'] });
    // 300 at once: however a second's turn splits them, one second holds more than 100.
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => withKey(created.key, 'GET', '/api/account').then((r) => r.statusCode)),
    );
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((s) => s !== 429 && s !== 200)).toEqual([]);
  });

  it('narrows with its owner: a role taken from the owner is gone from the key at its next call', async () => {
    const created = await create(callerFor(t, b.dealer), { name: 'Narrowed', scopes: ['read'] });
    expect((await withKey(created.key, 'GET', '/api/zones')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`delete from user_authority where authority = 'ROLE_DEALER' and user_id = (select user_id from dealer where id = ${b.dealerId})`,
    );
    await expect.poll(async () => (await withKey(created.key, 'GET', '/api/zones')).statusCode).toBe(403);
  });
});
