import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { callerFor, createTenant, multipartBody, PNG, type Reply, type Tenant } from '../support/people.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The tenant matrix (docs/security.md "Access"): every route of the OpenAPI document, called by every
 * kind of caller on its own tenant's records (A) and on another's (B). Besides the actors of
 * docs/permissions.md it walks two accounts no record links: an account that registered itself
 * and was linked to nobody, and a driver whose driver record was deleted. Neither may ever receive a
 * tenant's data. It walks the dealer's API keys too, a read key and a write key: each may make what
 * the dealer may, within its scope, and never a route kept for people. A route without a row here
 * fails the first test.
 */
type Actor =
  | 'anonymous'
  | 'admin'
  | 'staff'
  | 'dealer'
  | 'fleet'
  | 'driver'
  | 'unlinked'
  | 'exDriver'
  | 'dealerReadKey'
  | 'dealerWriteKey';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  body?: unknown;
  /** A multipart upload of a small PNG instead of a JSON body. */
  upload?: boolean;
}
interface Row {
  /** The call on the caller's own tenant (A), or on nothing in particular. */
  own: Call;
  /** Who may make it; everyone else gets 401 (without a valid session), 403 or 404. */
  allowed: readonly Actor[];
  /** The same call on tenant B's records, when the route names one. */
  foreign?: Call;
  /** Who may make the foreign call: administrators, and staff for reads, unless said otherwise. */
  foreignAllowed?: readonly Actor[];
  /** The call destroys what later rows need: only the callers it must refuse make it. */
  destructive?: boolean;
  /** A foreign list may answer with an empty page instead of a refusal, as long as none of B's data is in it. */
  foreignEmpty?: boolean;
  /** How a refusal looks when it is not 403 or 404 (401 for a device's route). */
  refusedWith?: readonly number[];
}

const ACTORS: Actor[] = [
  'anonymous',
  'admin',
  'staff',
  'dealer',
  'fleet',
  'driver',
  'unlinked',
  'exDriver',
  'dealerReadKey',
  'dealerWriteKey',
];
/** The routes no API key may call, whatever its scopes (their `peopleOnly`): keys, passwords, sign-out, a browser's push. */
const PEOPLE_ONLY =
  /^(GET|POST|DELETE) \/api\/api-keys|^(GET|POST|DELETE) \/api\/push\/subscriptions|^POST \/api\/account\/(change-password|update-password-prototype|send-reset-link)$|^POST \/api\/logout$/;
/** Who may make a call: a key as its owner, the dealer, within its scope; a public call, anyone. */
const mayCall = (actor: Actor, allowed: readonly Actor[], route: string, method: Method) => {
  if (actor !== 'dealerReadKey' && actor !== 'dealerWriteKey') return allowed.includes(actor);
  if (allowed.includes('anonymous')) return true;
  if (!allowed.includes('dealer') || PEOPLE_ONLY.test(route)) return false;
  return actor === 'dealerWriteKey' || method === 'GET';
};
const SIGNED_IN: Actor[] = ['admin', 'staff', 'dealer', 'fleet', 'driver', 'unlinked'];
const LINKED: Actor[] = ['admin', 'staff', 'dealer', 'fleet', 'driver'];
const PUBLIC: Actor[] = ['anonymous', ...SIGNED_IN, 'exDriver'];
const ADMIN: Actor[] = ['admin'];
const READERS: Actor[] = ['admin', 'staff'];
const MANAGERS: Actor[] = ['admin', 'dealer', 'fleet'];
/** Device profiles are read by those who install trackers, and by staff, who read everything. */
const PROFILE_READERS: Actor[] = ['admin', 'staff', 'dealer'];

describe.each(DATABASE_KINDS)('tenant matrix on %s', (kind) => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let tokens: Record<Exclude<Actor, 'anonymous'>, string>;
  /** Texts that belong to the tenants: none may reach a caller who sees nothing. */
  const MARKERS = [
    'Dealer A',
    'Dealer B',
    'Fleet A',
    'Fleet B',
    'Driver A',
    'Driver B',
    'VIN-a1-',
    'VIN-b2-',
    'Van a1',
    'Van b2',
    'people.test',
    'List A',
    'List B',
    'Zone A',
    'Zone B',
  ];
  const ids = {
    listA: 0,
    listB: 0,
    logA: 0,
    logB: 0,
    canA: '',
    canB: '',
    templateA: 0,
    car: 0,
    emailTemplate: 0,
    superUser: 0,
    user: 0,
    reportTemplate: 0,
    builtInProfile: 0,
    zoneA: 0,
    zoneB: 0,
    adminKey: 0,
    hookA: 0,
    hookB: 0,
    pushA: 0,
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await t.admin();
    const as = callerFor(t, admin);
    a = await createTenant(t, admin, 'A');
    b = await createTenant(t, admin, 'B');
    const gone = await createTenant(t, admin, 'C');

    // Registered, activated through the mailed key, signed in, linked to nothing.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { login: 'stranger', email: 'stranger@matrix.test', password: 'stranger-1', langKey: 'en' },
        })
      ).statusCode,
    ).toBe(201);
    const { rows } = await t.database.db.execute<{ activation_key: string }>(
      sql`select activation_key from app_user where login = 'stranger'`,
    );
    expect((await t.app.inject({ url: `/api/activate?key=${rows[0].activation_key}` })).statusCode).toBe(200);
    const unlinked = await t.bearer('stranger', 'stranger-1');
    const dealerKey = async (scope: 'read' | 'write') => {
      const res = await callerFor(t, a.dealer)('POST', '/api/api-keys', { name: `Matrix ${scope}`, scopes: [scope] });
      if (res.statusCode !== 201) throw new Error(`a dealer's ${scope} key: ${res.statusCode} ${res.body}`);
      return `Bearer ${res.json<{ key: string }>().key}`;
    };
    // A driver whose driver record is deleted, its token kept from before.
    expect((await as('DELETE', `/api/drivers/${gone.driverId}?delete=true`)).statusCode).toBeLessThan(300);

    tokens = {
      admin,
      staff: await t.user(),
      dealer: a.dealer,
      fleet: a.fleet,
      driver: a.driver,
      unlinked,
      exDriver: gone.driver,
      dealerReadKey: await dealerKey('read'),
      dealerWriteKey: await dealerKey('write'),
    };

    const created = async <Id = number>(url: string, body: unknown) => {
      const res = await as('POST', url, body);
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json<{ id: Id }>().id;
    };
    ids.listA = await created('/api/notification-lists', {
      name: 'List A',
      emails: ['a@list.test'],
      smsNumbers: [],
      vehicles: [{ id: a.vehicles.withDriver }],
    });
    ids.listB = await created('/api/notification-lists', {
      name: 'List B',
      emails: ['b@list.test'],
      smsNumbers: [],
      vehicles: [{ id: b.vehicles.withDriver }],
    });
    ids.logA = await created('/api/vehicle-logs', {
      vehicle: { id: a.vehicles.withDriver },
      warningType: 'WARNING',
      message: 'Van a1 checked',
    });
    ids.logB = await created('/api/vehicle-logs', {
      vehicle: { id: b.vehicles.withDriver },
      warningType: 'WARNING',
      message: 'Van b2 checked',
    });
    ids.canA = await created<string>('/api/vehicle-cans', {
      vehicle: { id: a.vehicles.withDriver },
      batteryCharged: 50,
    });
    ids.canB = await created<string>('/api/vehicle-cans', {
      vehicle: { id: b.vehicles.withDriver },
      batteryCharged: 60,
    });
    ids.car = await created('/api/cars', { name: 'Matrix car' });
    ids.emailTemplate = await created('/api/email-templates', { template: 'Check {vehicleName}', type: 'WARNING' });
    ids.templateA = (await as('GET', '/api/vehicle-templates')).json<{ data: { id: number }[] }>().data[0].id;
    ids.superUser = await created('/api/superUsers', {
      name: 'Sue',
      email: 'sue@matrix.test',
      mobileNumber: '0123456789',
      address: 'HQ',
      password: 'sue-pass',
    });
    ids.user = await created('/api/users', {
      login: 'spare',
      email: 'spare@matrix.test',
      authorities: ['ROLE_USER'],
      password: 'spare-pass',
    });
    const now = Date.now();
    const criteria = {
      vehiclesIds: [a.vehicles.withDriver],
      columns: ['batteryCharge'],
      startDate: new Date(now - 3600_000).toISOString(),
      endDate: new Date(now).toISOString(),
    };
    ids.builtInProfile = (await as('GET', '/api/device-profiles')).json<{ id: number }[]>()[0].id;
    ids.reportTemplate = await created('/api/canreport/saveTemplate', { ...criteria, templateName: 'Matrix report' });
    ids.zoneA = await created('/api/zones', zoneOf(a));
    ids.zoneB = await created('/api/zones', zoneOf(b));
    ids.adminKey = await created('/api/api-keys', { name: 'Matrix', scopes: ['read'] });
    for (const [tenant, id] of [
      [a, 'hookA'],
      [b, 'hookB'],
    ] as const) {
      const res = await callerFor(t, tenant.dealer)('POST', '/api/webhooks', hookOf());
      if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
      ids[id] = res.json<{ id: number }>().id;
    }
    const pushed = await callerFor(t, a.dealer)('POST', '/api/push/subscriptions', {
      endpoint: 'https://push.invalid/matrix',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      minSeverity: 'SEVERE',
    });
    if (pushed.statusCode !== 201) throw new Error(`push subscription: ${pushed.statusCode} ${pushed.body}`);
    ids.pushA = pushed.json<{ id: number }>().id;
  }, 240_000);
  afterAll(() => t?.close());

  /** A depot of the tenant's fleet: its dealer and its owner manage it. */
  const zoneOf = (tenant: Tenant) => ({
    name: tenant === a ? 'Zone A' : 'Zone B',
    kind: 'depot',
    geometry: { type: 'Point', coordinates: [-87.65, 41.85], radiusM: 300 },
    fleetId: tenant.fleetId,
  });
  /** A dealer's hook; `.invalid` never resolves, so a test delivery fails at once and offline. */
  const hookOf = () => ({ url: 'http://hooks.invalid/evfleet', events: ['alert.raised'] });
  const vehicleA = () => a.vehicles.withDriver;
  const vehicleB = () => b.vehicles.withDriver;
  const admin = () => callerFor(t, tokens.admin);
  const body = async (url: string) => (await admin()('GET', url)).json<Record<string, unknown>>();
  const reportCriteria = (vehicle: number) => ({
    vehiclesIds: [vehicle],
    columns: ['batteryCharge'],
    startDate: new Date(Date.now() - 3600_000).toISOString(),
    endDate: new Date().toISOString(),
  });

  /** Every route's row, keyed as the API document names it. Bodies that need a record are read first. */
  const rows = async (): Promise<Record<string, Row>> => {
    const dealerA = await body(`/api/dealers/${a.dealerId}`);
    const dealerB = await body(`/api/dealers/${b.dealerId}`);
    const fleetA = await body(`/api/fleets/${a.fleetId}`);
    const fleetB = await body(`/api/fleets/${b.fleetId}`);
    const driverA = await body(`/api/drivers/${a.driverId}`);
    const driverB = await body(`/api/drivers/${b.driverId}`);
    const vehA = await body(`/api/vehicles/${vehicleA()}`);
    const vehB = await body(`/api/vehicles/${vehicleB()}`);
    const listA = await body(`/api/notification-lists/${ids.listA}`);
    const listB = await body(`/api/notification-lists/${ids.listB}`);
    const logA = await body(`/api/vehicle-logs/${ids.logA}`);
    const logB = await body(`/api/vehicle-logs/${ids.logB}`);
    const canA = await body(`/api/vehicle-cans/${ids.canA}`);
    const canB = await body(`/api/vehicle-cans/${ids.canB}`);
    const get = (url: string): Call => ({ method: 'GET', url });
    const call = (method: Method, url: string, payload?: unknown): Call => ({ method, url, body: payload });
    const read = (allowed: readonly Actor[], own: string, foreign?: string): Row => ({
      own: get(own),
      allowed,
      ...(foreign ? { foreign: get(foreign) } : {}),
    });
    const account = (c: Call): Row => ({ own: c, allowed: SIGNED_IN });
    const record = (
      api: string,
      own: number | string,
      foreign: number | string,
      ownBody: unknown,
      foreignBody: unknown,
      vehicleFilter = true,
    ): Record<string, Row> => ({
      [`GET ${api}`]: vehicleFilter
        ? { ...read(LINKED, `${api}?vehicleId=${vehicleA()}`, `${api}?vehicleId=${vehicleB()}`), foreignEmpty: true }
        : read(LINKED, api),
      [`GET ${api}/{id}`]: read(LINKED, `${api}/${own}`, `${api}/${foreign}`),
      [`POST ${api}`]: { own: call('POST', api, {}), allowed: ADMIN },
      [`PUT ${api}`]: { own: call('PUT', api, ownBody), allowed: ADMIN, foreign: call('PUT', api, foreignBody) },
      [`DELETE ${api}/{id}`]: {
        own: call('DELETE', `${api}/${own}`),
        allowed: ADMIN,
        destructive: true,
        foreign: call('DELETE', `${api}/${foreign}`),
      },
    });
    const global = (api: string, id: number): Record<string, Row> => ({
      [`GET ${api}`]: read(LINKED, api),
      [`GET ${api}/{id}`]: read(LINKED, `${api}/${id}`),
      [`POST ${api}`]: { own: call('POST', api, {}), allowed: ADMIN },
      [`PUT ${api}`]: { own: call('PUT', api, {}), allowed: ADMIN },
      [`DELETE ${api}/{id}`]: { own: call('DELETE', `${api}/${2_000_000_000}`), allowed: ADMIN },
    });
    const dealersReaders: Actor[] = ['admin', 'staff', 'dealer'];
    const fleetReaders: Actor[] = ['admin', 'staff', 'dealer', 'fleet'];
    const withDriver: Actor[] = [...fleetReaders, 'driver'];
    const vinOf = (tenant: Tenant) => (tenant === a ? 'VIN-a1-1' : 'VIN-b2-1');
    const byVin = (url: string): Row => read(withDriver, `${url}?vin=${vinOf(a)}`, `${url}?vin=${vinOf(b)}`);
    const today = new Date().toISOString().slice(0, 10);

    return {
      // Sign-in and the caller's own account.
      'POST /api/authenticate': {
        own: call('POST', '/api/authenticate', { username: 'user', password: 'user1234' }),
        allowed: PUBLIC,
      },
      'GET /api/account': account(get('/api/account')),
      'POST /api/account': account(call('POST', '/api/account', { email: 'not-an-address' })),
      'POST /api/register': { own: call('POST', '/api/register', { login: 'x' }), allowed: PUBLIC },
      'GET /api/activate': { own: get('/api/activate?key=no-such-key'), allowed: PUBLIC },
      'POST /api/account/reset-password/init': {
        own: call('POST', '/api/account/reset-password/init?mail=nobody@matrix.test'),
        allowed: PUBLIC,
      },
      'POST /api/account/reset-password/finish': {
        own: call('POST', '/api/account/reset-password/finish', { key: 'no-such-key', newPassword: 'whatever-1' }),
        allowed: PUBLIC,
      },
      'POST /api/account/change-password': account(
        call('POST', '/api/account/change-password', { currentPassword: 'wrong-pass', newPassword: 'whatever-1' }),
      ),
      // Signing out ends the caller's sessions, so only the callers it refuses make it here (sessions.api.test.ts signs out).
      'POST /api/logout': { own: call('POST', '/api/logout'), allowed: SIGNED_IN, destructive: true },
      'GET /api/account/preferences/{key}': account(get('/api/account/preferences/vehicle-grid')),
      'PUT /api/account/preferences/{key}': account(
        call('PUT', '/api/account/preferences/vehicle-grid', { columns: [] }),
      ),
      'GET /api/app-info': account(get('/api/app-info')),
      // API keys: each person's own; an administrator's key is another's to no one but administrators.
      'GET /api/api-keys': account(get('/api/api-keys')),
      'POST /api/api-keys': account(call('POST', '/api/api-keys', {})),
      'DELETE /api/api-keys/{id}': {
        own: call('DELETE', `/api/api-keys/${ids.adminKey}`),
        allowed: ADMIN,
        destructive: true,
      },

      // Single sign-on: signing in is public; with no provider configured, there is none to go to.
      'GET /api/oidc/status': { own: get('/api/oidc/status'), allowed: PUBLIC },
      'POST /api/oidc/exchange': {
        own: call('POST', '/api/oidc/exchange', { code: 'no-such-code' }),
        allowed: [],
        refusedWith: [401],
      },

      // Alerts on the phone: each person's own browsers (dealer A's subscription here), never another's.
      'GET /api/push/vapid-public-key': account(get('/api/push/vapid-public-key')),
      'GET /api/push/subscriptions': account(get('/api/push/subscriptions')),
      'POST /api/push/subscriptions': account(call('POST', '/api/push/subscriptions', {})),
      'DELETE /api/push/subscriptions/{id}': {
        own: call('DELETE', `/api/push/subscriptions/${ids.pushA}`),
        allowed: ['dealer'],
        destructive: true,
      },

      // Webhooks: their owner's (dealer A's here), and every hook an administrator's (docs/integrations.md).
      'GET /api/webhooks': read(MANAGERS, '/api/webhooks'),
      'POST /api/webhooks': { own: call('POST', '/api/webhooks', {}), allowed: MANAGERS },
      ...Object.fromEntries(
        [
          ['GET', '', undefined],
          ['PUT', '', hookOf()],
          ['POST', '/test', undefined],
          ['GET', '/deliveries', undefined],
        ].map(([method, path, payload]) => [
          `${method} /api/webhooks/{id}${path}`,
          {
            own: call(method as Method, `/api/webhooks/${ids.hookA}${path}`, payload),
            allowed: ['admin', 'dealer'],
            foreign: call(method as Method, `/api/webhooks/${ids.hookB}${path}`, payload),
            foreignAllowed: ADMIN,
          } satisfies Row,
        ]),
      ),
      'DELETE /api/webhooks/{id}': {
        own: call('DELETE', `/api/webhooks/${ids.hookA}`),
        allowed: ['admin', 'dealer'],
        destructive: true,
        foreign: call('DELETE', `/api/webhooks/${ids.hookB}`),
        foreignAllowed: ADMIN,
      },

      // Users and roles (administrators).
      'GET /api/users': read(ADMIN, '/api/users'),
      'POST /api/users': { own: call('POST', '/api/users', {}), allowed: ADMIN },
      'PUT /api/users': { own: call('PUT', '/api/users', {}), allowed: ADMIN },
      'GET /api/users/authorities': read(ADMIN, '/api/users/authorities'),
      'GET /api/users/roleAndPermissions/{authority}': {
        own: get('/api/users/roleAndPermissions/ROLE_ADMIN'),
        allowed: ADMIN,
      },
      'GET /api/users/{id}': read(ADMIN, `/api/users/${ids.user}`),
      'DELETE /api/users/{id}': { own: call('DELETE', `/api/users/${ids.user}`), allowed: ADMIN, destructive: true },
      // The dealer page's toggles: not a fleet owner's business (docs/permissions.md).
      'GET /api/role-permissions/{authority}': {
        own: get('/api/role-permissions/ROLE_DEALER'),
        allowed: SIGNED_IN.filter((x) => x !== 'fleet'),
      },
      'PUT /api/role-permissions/{authority}': {
        own: call('PUT', '/api/role-permissions/ROLE_DEALER', {}),
        allowed: ADMIN,
      },

      // People.
      'GET /api/dealers': read(dealersReaders, '/api/dealers'),
      'POST /api/dealers': { own: call('POST', '/api/dealers', {}), allowed: ADMIN },
      'PUT /api/dealers': {
        own: call('PUT', '/api/dealers', dealerA),
        allowed: ADMIN,
        foreign: call('PUT', '/api/dealers', dealerB),
      },
      'GET /api/dealers/unassigned': read(dealersReaders, '/api/dealers/unassigned'),
      'GET /api/dealers/search': read(dealersReaders, '/api/dealers/search?name=Dealer'),
      'GET /api/dealers/{id}': read(dealersReaders, `/api/dealers/${a.dealerId}`, `/api/dealers/${b.dealerId}`),
      'DELETE /api/dealers/{id}': {
        own: call('DELETE', `/api/dealers/${a.dealerId}`),
        allowed: ADMIN,
        destructive: true,
        foreign: call('DELETE', `/api/dealers/${b.dealerId}`),
      },
      'GET /api/fleets': read(fleetReaders, '/api/fleets'),
      'POST /api/fleets': {
        own: call('POST', '/api/fleets', { name: 'F', email: 'new-fleet@matrix.test', dealerId: a.dealerId }),
        allowed: ['admin', 'dealer'],
        foreign: call('POST', '/api/fleets', { name: 'F', email: 'new-fleet@matrix.test', dealerId: b.dealerId }),
        foreignAllowed: ADMIN,
        destructive: true,
      },
      'PUT /api/fleets': {
        own: call('PUT', '/api/fleets', fleetA),
        allowed: ['admin', 'dealer'],
        foreign: call('PUT', '/api/fleets', fleetB),
        foreignAllowed: ADMIN,
      },
      'GET /api/fleets/search': read(fleetReaders, '/api/fleets/search?searchKey=Fleet'),
      'GET /api/fleets/{id}': read(fleetReaders, `/api/fleets/${a.fleetId}`, `/api/fleets/${b.fleetId}`),
      'DELETE /api/fleets/{id}': {
        own: call('DELETE', `/api/fleets/${a.fleetId}`),
        allowed: ['admin', 'dealer'],
        destructive: true,
        foreign: call('DELETE', `/api/fleets/${b.fleetId}`),
      },
      'GET /api/drivers': read(withDriver, '/api/drivers'),
      'POST /api/drivers': {
        own: call('POST', '/api/drivers', {}),
        allowed: MANAGERS,
        foreign: call('POST', '/api/drivers', {
          name: 'R',
          email: 'new-driver@matrix.test',
          mobile: '0123456789',
          address: 'x',
          fleetId: b.fleetId,
        }),
        foreignAllowed: ADMIN,
        destructive: true,
      },
      'PUT /api/drivers': {
        own: call('PUT', '/api/drivers', driverA),
        allowed: MANAGERS,
        foreign: call('PUT', '/api/drivers', driverB),
        foreignAllowed: ADMIN,
      },
      'GET /api/drivers/search': read(withDriver, '/api/drivers/search?name=Driver'),
      'GET /api/drivers/assigned': read(
        withDriver,
        `/api/drivers/assigned?driverId=${a.driverId}`,
        `/api/drivers/assigned?driverId=${b.driverId}`,
      ),
      'GET /api/drivers/unassigned': read(
        fleetReaders,
        `/api/drivers/unassigned?driverId=${a.driverId}`,
        `/api/drivers/unassigned?driverId=${b.driverId}`,
      ),
      'PATCH /api/drivers/assignVehicles': {
        own: call(
          'PATCH',
          `/api/drivers/assignVehicles?isAssigned=true&vehicleIds=${vehicleA()}&driverId=${a.driverId}`,
        ),
        allowed: MANAGERS,
        foreign: call(
          'PATCH',
          `/api/drivers/assignVehicles?isAssigned=true&vehicleIds=${vehicleB()}&driverId=${b.driverId}`,
        ),
        foreignAllowed: ADMIN,
      },
      'GET /api/drivers/{id}': read(withDriver, `/api/drivers/${a.driverId}`, `/api/drivers/${b.driverId}`),
      'DELETE /api/drivers/{id}': {
        own: call('DELETE', `/api/drivers/${a.driverId}`),
        allowed: MANAGERS,
        destructive: true,
        foreign: call('DELETE', `/api/drivers/${b.driverId}`),
      },
      'GET /api/superUsers': read(ADMIN, '/api/superUsers'),
      'POST /api/superUsers': { own: call('POST', '/api/superUsers', {}), allowed: ADMIN },
      'PUT /api/superUsers': { own: call('PUT', '/api/superUsers', {}), allowed: ADMIN },
      'GET /api/superUsers/search/': read(ADMIN, '/api/superUsers/search/?name=sue'),
      'GET /api/superUsers/search': read(ADMIN, '/api/superUsers/search?name=sue'),
      'GET /api/superUsers/{id}': read(ADMIN, `/api/superUsers/${ids.superUser}`),
      'DELETE /api/superUsers/{id}': {
        own: call('DELETE', `/api/superUsers/${ids.superUser}`),
        allowed: ADMIN,
        destructive: true,
      },
      'POST /api/file/upload': { own: { method: 'POST', url: '/api/file/upload', upload: true }, allowed: MANAGERS },
      // A new password ends the driver's sessions, which later rows use (passwords.api.test.ts sets them).
      'POST /api/account/update-password-prototype': {
        own: call('POST', '/api/account/update-password-prototype', {
          email: 'driver-a1@people.test',
          newPassword: 'person-pass-1',
          confirmNewPassword: 'person-pass-1',
        }),
        allowed: MANAGERS,
        foreign: call('POST', '/api/account/update-password-prototype', {
          email: 'driver-b2@people.test',
          newPassword: 'stolen-12',
          confirmNewPassword: 'stolen-12',
        }),
        foreignAllowed: ADMIN,
        destructive: true,
      },
      'POST /api/account/send-reset-link': {
        own: call('POST', '/api/account/send-reset-link?mail=driver-a1@people.test'),
        allowed: MANAGERS,
        foreign: call('POST', '/api/account/send-reset-link?mail=driver-b2@people.test'),
        foreignAllowed: ADMIN,
      },

      // Vehicles and their assignment.
      'GET /api/vehicles': read(withDriver, '/api/vehicles'),
      'POST /api/vehicles': { own: call('POST', '/api/vehicles', {}), allowed: ADMIN },
      'PUT /api/vehicles': {
        own: call('PUT', '/api/vehicles', vehA),
        allowed: ADMIN,
        foreign: call('PUT', '/api/vehicles', vehB),
      },
      'GET /api/vehicles/search': read(withDriver, '/api/vehicles/search?name=Van'),
      'GET /api/vehicles/search/': read(withDriver, '/api/vehicles/search/?name=Van'),
      'GET /api/vehicles/{id}': read(withDriver, `/api/vehicles/${vehicleA()}`, `/api/vehicles/${vehicleB()}`),
      'DELETE /api/vehicles/{id}': {
        own: call('DELETE', `/api/vehicles/${vehicleA()}`),
        allowed: ADMIN,
        destructive: true,
        foreign: call('DELETE', `/api/vehicles/${vehicleB()}`),
      },
      'PATCH /api/vehicle/status': {
        own: call('PATCH', `/api/vehicle/status?id=${vehicleA()}&status=true`),
        allowed: ADMIN,
        foreign: call('PATCH', `/api/vehicle/status?id=${vehicleB()}&status=true`),
      },
      'PUT /api/vehicles/{id}/attributes/{metric}': {
        own: call('PUT', `/api/vehicles/${vehicleA()}/attributes/batteryCharge`, {}),
        allowed: ADMIN,
      },
      'POST /api/vehicles/upload/{id}': {
        own: { method: 'POST', url: `/api/vehicles/upload/${vehicleA()}`, upload: true },
        allowed: ADMIN,
      },
      'POST /api/vehicles/{id}/device-token': {
        own: call('POST', `/api/vehicles/${2_000_000_000}/device-token`),
        allowed: ADMIN,
      },
      // Trackers: read as the vehicle, set by administrators and the vehicle's dealer (docs/devices.md).
      'GET /api/vehicles/{id}/device': read(
        withDriver,
        `/api/vehicles/${vehicleA()}/device`,
        `/api/vehicles/${vehicleB()}/device`,
      ),
      'PUT /api/vehicles/{id}/device': {
        own: call('PUT', `/api/vehicles/${vehicleA()}/device`, { protocol: 'none' }),
        allowed: ['admin', 'dealer'],
        foreign: call('PUT', `/api/vehicles/${vehicleB()}/device`, { protocol: 'none' }),
      },
      'GET /api/vehicles/{id}/commands': {
        ...read(['admin', 'dealer'], `/api/vehicles/${vehicleA()}/commands`, `/api/vehicles/${vehicleB()}/commands`),
        foreignAllowed: ADMIN,
      },
      // No tracker on the vehicle: an administrator or its dealer is told so (400).
      'POST /api/vehicles/{id}/commands': {
        own: call('POST', `/api/vehicles/${vehicleA()}/commands`, { text: 'getinfo' }),
        allowed: ['admin', 'dealer'],
        foreign: call('POST', `/api/vehicles/${vehicleB()}/commands`, { text: 'getinfo' }),
      },
      'GET /api/device-profiles': read(PROFILE_READERS, '/api/device-profiles'),
      'POST /api/device-profiles': { own: call('POST', '/api/device-profiles', {}), allowed: ADMIN },
      'GET /api/device-profiles/{id}': read(PROFILE_READERS, `/api/device-profiles/${ids.builtInProfile}`),
      'PUT /api/device-profiles/{id}': {
        own: call('PUT', `/api/device-profiles/${ids.builtInProfile}`, {}),
        allowed: ADMIN,
      },
      // The built-in profile is never deleted: an administrator is told so (400).
      'DELETE /api/device-profiles/{id}': {
        own: call('DELETE', `/api/device-profiles/${ids.builtInProfile}`),
        allowed: ADMIN,
      },
      'GET /api/device-profiles/{id}/unmapped': read(ADMIN, `/api/device-profiles/${ids.builtInProfile}/unmapped`),
      'GET /api/vehicles/unassigned': read(
        fleetReaders.filter((x) => x !== 'fleet'),
        `/api/vehicles/unassigned?fleetId=${a.fleetId}`,
        `/api/vehicles/unassigned?fleetId=${b.fleetId}`,
      ),
      'GET /api/vehicle/vehicleDealersUnassignedFleets': read(
        dealersReaders,
        `/api/vehicle/vehicleDealersUnassignedFleets?vehicleIds=${a.vehicles.free}`,
        `/api/vehicle/vehicleDealersUnassignedFleets?vehicleIds=${b.vehicles.free}`,
      ),
      'GET /api/vehicle/vehicleDealersUnassignedFleets/': read(
        dealersReaders,
        `/api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=${a.vehicles.free}`,
        `/api/vehicle/vehicleDealersUnassignedFleets/?vehicleIds=${b.vehicles.free}`,
      ),
      'GET /api/vehicles/assigned': read(
        fleetReaders,
        `/api/vehicles/assigned?fleetId=${a.fleetId}`,
        `/api/vehicles/assigned?fleetId=${b.fleetId}`,
      ),
      'PATCH /api/vehicle/assign': {
        own: call('PATCH', `/api/vehicle/assign?isAssigned=true&fleetId=${a.fleetId}`, [a.vehicles.inFleet]),
        allowed: ['admin', 'dealer'],
        foreign: call('PATCH', `/api/vehicle/assign?isAssigned=true&fleetId=${b.fleetId}`, [b.vehicles.inFleet]),
        foreignAllowed: ADMIN,
      },
      // Templates are read with the 'Vehicle Configuration Template' page, the administrators' by default.
      'GET /api/vehicle-templates': read(READERS, '/api/vehicle-templates'),
      'POST /api/vehicle-templates': { own: call('POST', '/api/vehicle-templates', {}), allowed: ADMIN },
      'PUT /api/vehicle-templates': { own: call('PUT', '/api/vehicle-templates', {}), allowed: ADMIN },
      'GET /api/vehicle-templates/search': read(READERS, '/api/vehicle-templates/search?name=a'),
      'GET /api/vehicle-templates/search/': read(READERS, '/api/vehicle-templates/search/?name=a'),
      'GET /api/vehicle-templates/{id}': read(READERS, `/api/vehicle-templates/${ids.templateA}`),
      'DELETE /api/vehicle-templates/{id}': {
        own: call('DELETE', `/api/vehicle-templates/${2_000_000_000}`),
        allowed: ADMIN,
      },
      'PUT /api/vehicle-templates/{id}/attributes/{metric}': {
        own: call('PUT', `/api/vehicle-templates/${ids.templateA}/attributes/batteryCharge`, {}),
        allowed: ADMIN,
      },
      'POST /api/vehicle-templates/upload/{id}': {
        own: { method: 'POST', url: `/api/vehicle-templates/upload/${ids.templateA}`, upload: true },
        allowed: ADMIN,
      },
      'GET /api/vehicle-templates/example-sheet': read(SIGNED_IN, '/api/vehicle-templates/example-sheet'),
      'POST /api/threshold-sheets/parse': {
        own: { method: 'POST', url: '/api/threshold-sheets/parse', upload: true },
        allowed: ADMIN,
      },

      // Vehicle data, warning logs, the map.
      'GET /api/vehicles/details': read([...LINKED, 'unlinked'], '/api/vehicles/details'),
      'GET /api/vehicles/src_ip': read([...LINKED, 'unlinked'], '/api/vehicles/src_ip'),
      'GET /api/vehicles/device-data': byVin('/api/vehicles/device-data'),
      'GET /api/vehicles/device-can-data': byVin('/api/vehicles/device-can-data'),
      'GET /api/vehicles/cells': byVin('/api/vehicles/cells'),
      'GET /api/vehicle/days/{vin}': read(withDriver, `/api/vehicle/days/${vinOf(a)}`, `/api/vehicle/days/${vinOf(b)}`),
      'GET /api/vehiclesOnlineOffline': read([...LINKED, 'unlinked'], '/api/vehiclesOnlineOffline?isOnline=false'),
      'GET /api/notifications': read(
        withDriver,
        `/api/notifications?vehicleId=${vehicleA()}`,
        `/api/notifications?vehicleId=${vehicleB()}`,
      ),
      'GET /api/clearNotifications/{id}': {
        own: get(`/api/clearNotifications/${vehicleA()}`),
        allowed: ['admin', 'dealer', 'fleet'],
        foreign: get(`/api/clearNotifications/${vehicleB()}`),
        foreignAllowed: ADMIN,
      },
      'POST /api/downloadWarningLogs/{id}': {
        own: call('POST', `/api/downloadWarningLogs/${vehicleA()}`),
        allowed: withDriver,
        foreign: call('POST', `/api/downloadWarningLogs/${vehicleB()}`),
        foreignAllowed: READERS,
      },
      'GET /api/vehicle/movingDates/{id}': read(
        withDriver,
        `/api/vehicle/movingDates/${vehicleA()}`,
        `/api/vehicle/movingDates/${vehicleB()}`,
      ),
      'GET /api/vehicle/mapTimeSlot/{id}': read(
        withDriver,
        `/api/vehicle/mapTimeSlot/${vehicleA()}?date=${today}`,
        `/api/vehicle/mapTimeSlot/${vehicleB()}?date=${today}`,
      ),
      'GET /api/vehicle/mapDetail/{id}': read(
        withDriver,
        `/api/vehicle/mapDetail/${vehicleA()}?date=${today}&timeSlot=00:00-23:59`,
        `/api/vehicle/mapDetail/${vehicleB()}?date=${today}&timeSlot=00:00-23:59`,
      ),
      // EV analytics: per vehicle like its route history, across the fleet like the dashboard.
      ...Object.fromEntries(
        [
          'charging-sessions',
          'trips',
          'battery-health',
          'signal-series?signal=speed',
          'zone-visits',
          'zone-visits/xlsx',
        ].map((path) => [
          `GET /api/vehicles/{id}/${path.split('?')[0]}`,
          read(withDriver, `/api/vehicles/${vehicleA()}/${path}`, `/api/vehicles/${vehicleB()}/${path}`),
        ]),
      ),
      'GET /api/analytics/fleet': read([...LINKED, 'unlinked'], '/api/analytics/fleet'),
      'GET /api/analytics/fleet/daily': read([...LINKED, 'unlinked'], '/api/analytics/fleet/daily'),
      'GET /api/analytics/fleet/xlsx': read([...LINKED, 'unlinked'], '/api/analytics/fleet/xlsx'),
      'GET /api/analytics/readiness': read([...LINKED, 'unlinked'], '/api/analytics/readiness'),
      'GET /api/dashboard/dashboardCounts': read([...LINKED, 'unlinked'], '/api/dashboard/dashboardCounts'),
      'GET /api/dashboard/cards': read([...LINKED, 'unlinked'], '/api/dashboard/cards'),
      'GET /api/dashboard/settings': read(ADMIN, '/api/dashboard/settings'),
      'PUT /api/dashboard/settings': { own: call('PUT', '/api/dashboard/settings', {}), allowed: ADMIN },

      // Depots and zones: a dealer's and a fleet owner's own, staff and a fleet's drivers read them (docs/zones.md).
      'GET /api/zones': read(withDriver, '/api/zones'),
      'POST /api/zones': {
        own: call('POST', '/api/zones', zoneOf(a)),
        allowed: MANAGERS,
        foreign: call('POST', '/api/zones', zoneOf(b)),
        foreignAllowed: ADMIN,
      },
      'GET /api/zones/{id}': read(withDriver, `/api/zones/${ids.zoneA}`, `/api/zones/${ids.zoneB}`),
      'GET /api/zones/{id}/visits': read(
        withDriver,
        `/api/zones/${ids.zoneA}/visits`,
        `/api/zones/${ids.zoneB}/visits`,
      ),
      'GET /api/zones/{id}/visits/xlsx': read(
        withDriver,
        `/api/zones/${ids.zoneA}/visits/xlsx`,
        `/api/zones/${ids.zoneB}/visits/xlsx`,
      ),
      'PUT /api/zones/{id}': {
        own: call('PUT', `/api/zones/${ids.zoneA}`, zoneOf(a)),
        allowed: MANAGERS,
        foreign: call('PUT', `/api/zones/${ids.zoneB}`, zoneOf(b)),
      },
      'DELETE /api/zones/{id}': {
        own: call('DELETE', `/api/zones/${ids.zoneA}`),
        allowed: MANAGERS,
        destructive: true,
        foreign: call('DELETE', `/api/zones/${ids.zoneB}`),
      },

      // Record screens.
      ...global('/api/cars', ids.car),
      ...global('/api/email-templates', ids.emailTemplate),
      ...record('/api/notification-lists', ids.listA, ids.listB, listA, listB, false),
      ...record('/api/vehicle-logs', ids.logA, ids.logB, logA, logB),
      ...record('/api/vehicle-cans', ids.canA, ids.canB, canA, canB),
      'GET /api/record-vehicles': read([...LINKED, 'unlinked'], '/api/record-vehicles?search=Van'),

      // CAN history reports (the report pages are ROLE_ADMIN's and ROLE_USER's; templates are their owner's).
      'GET /api/canreport/vehicles': read([...LINKED, 'unlinked'], '/api/canreport/vehicles'),
      'GET /api/canreport/signals': read([...LINKED, 'unlinked'], `/api/canreport/signals?vehicleIds=${vehicleA()}`),
      'GET /api/canreport/getAllTemplate': read(SIGNED_IN, '/api/canreport/getAllTemplate'),
      'POST /api/canreport': {
        own: call('POST', '/api/canreport', reportCriteria(vehicleA())),
        allowed: withDriver,
        foreign: call('POST', '/api/canreport', reportCriteria(vehicleB())),
        foreignAllowed: READERS,
      },
      'POST /api/canreport/getListCanHistory': {
        own: call('POST', '/api/canreport/getListCanHistory?page=0&size=10', reportCriteria(vehicleA())),
        allowed: withDriver,
        foreign: call('POST', '/api/canreport/getListCanHistory?page=0&size=10', reportCriteria(vehicleB())),
        foreignAllowed: READERS,
      },
      'POST /api/canreport/saveTemplate': { own: call('POST', '/api/canreport/saveTemplate', {}), allowed: SIGNED_IN },
      'POST /api/canreport/downloadExcel': {
        own: call('POST', '/api/canreport/downloadExcel', reportCriteria(vehicleA())),
        allowed: withDriver,
        foreign: call('POST', '/api/canreport/downloadExcel', reportCriteria(vehicleB())),
        foreignAllowed: READERS,
      },
      'GET /api/canreport/getTemplate/{id}': {
        own: get(`/api/canreport/getTemplate/${ids.reportTemplate}`),
        allowed: ADMIN,
      },
      'POST /api/canreport/templates/{id}/downloadExcel': {
        own: call('POST', `/api/canreport/templates/${ids.reportTemplate}/downloadExcel`),
        allowed: ADMIN,
      },
      'GET /api/canreport/templates/{id}/schedule': {
        own: get(`/api/canreport/templates/${ids.reportTemplate}/schedule`),
        allowed: ADMIN,
      },
      'PUT /api/canreport/templates/{id}/schedule': {
        own: call('PUT', `/api/canreport/templates/${ids.reportTemplate}/schedule`, {
          period: 'DAILY',
          hour: 6,
          recipients: ['ops@matrix.test'],
        }),
        allowed: ADMIN,
      },
      'DELETE /api/canreport/templates/{id}/schedule': {
        own: call('DELETE', `/api/canreport/templates/${ids.reportTemplate}/schedule`),
        allowed: ADMIN,
      },

      // Telemetry and administration.
      // A device's route: a person's token is no device credential.
      'POST /api/telemetry/readings': {
        own: call('POST', '/api/telemetry/readings', { ts: Date.now() }),
        allowed: [],
        refusedWith: [401],
      },
      'GET /api/telemetry/rejections': read(ADMIN, '/api/telemetry/rejections'),
      'GET /management/health': read(PUBLIC, '/management/health'),
      'GET /management/info': read(PUBLIC, '/management/info'),
      // A basemap is public data (404 here, where none is configured).
      'GET /map/basemap.pmtiles': read(PUBLIC, '/map/basemap.pmtiles'),
      'GET /management/jhimetrics': read(ADMIN, '/management/jhimetrics'),
      'GET /management/loggers': read(ADMIN, '/management/loggers'),
      'POST /management/loggers/{name}': { own: call('POST', '/management/loggers/evfleet.mail', {}), allowed: ADMIN },
      'GET /management/configprops': read(ADMIN, '/management/configprops'),
      'GET /management/env': read(ADMIN, '/management/env'),
      'GET /management/threaddump': read(ADMIN, '/management/threaddump'),
      'GET /management/diagnostics': read(ADMIN, '/management/diagnostics'),
      'GET /management/audits': read(ADMIN, '/management/audits'),
    };
  };

  const send = async (actor: Actor, c: Call): Promise<Reply> => {
    const res = await sendOnce(actor, c);
    if (res.statusCode !== 429) return res;
    // A key makes 100 requests a second: the matrix waits out the second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return sendOnce(actor, c);
  };
  const sendOnce = (actor: Actor, c: Call): Promise<Reply> => {
    const authorization = actor === 'anonymous' ? undefined : tokens[actor];
    if (c.upload) {
      const form = multipartBody({ name: 'p.png', bytes: PNG });
      return t.app.inject({
        method: c.method,
        url: c.url,
        payload: form.payload,
        headers: { ...form.headers, ...(authorization ? { authorization } : {}) },
      });
    }
    return callerFor(t, authorization)(c.method, c.url, c.body);
  };
  const leaks = (res: Reply) => MARKERS.filter((m) => res.body.includes(m));

  /** What a caller got wrong on one call, or null. */
  const judge = (
    actor: Actor,
    may: boolean,
    method: Method,
    res: Reply,
    row: Row,
    side: 'own' | 'foreign',
  ): string | null => {
    const status = res.statusCode;
    if (status >= 500) return `answered ${status}`;
    if (may) return status === 401 || status === 403 ? `refused with ${status}, but may` : null;
    // A caller who sees nothing may read an empty answer (or be told its question is wrong), never a
    // tenant's data, and may change nothing.
    if (actor === 'unlinked' && method === 'GET')
      return status < 300 && leaks(res).length ? `leaked ${leaks(res).join(', ')}` : null;
    if (side === 'foreign' && row.foreignEmpty && status < 300)
      return leaks(res).some((m) => /B|b2/.test(m)) ? `leaked ${leaks(res).join(', ')}` : null;
    const refusals = actor === 'anonymous' || actor === 'exDriver' ? [401] : (row.refusedWith ?? [403, 404]);
    return refusals.includes(status) ? null : `answered ${status}, expected ${refusals.join(' or ')}`;
  };

  it('has a row for every route of the API document', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const table = await rows();
    expect(routes.filter((r) => !(r in table))).toEqual([]);
    expect(Object.keys(table).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('answers every route for every caller on its own tenant and on another as the matrix says', async () => {
    const table = await rows();
    const failures: string[] = [];
    // Destructive rows last, so what they refuse cannot have been removed by an allowed caller first.
    const ordered = Object.entries(table).sort(([, x], [, y]) => Number(!!x.destructive) - Number(!!y.destructive));
    for (const [route, row] of ordered) {
      for (const actor of ACTORS) {
        const cases: ['own' | 'foreign', Call | undefined, readonly Actor[]][] = [
          ['own', row.own, row.allowed],
          ['foreign', row.foreign, row.foreignAllowed ?? (row.own.method === 'GET' ? READERS : ADMIN)],
        ];
        for (const [side, c, allowed] of cases) {
          const may = !!c && mayCall(actor, allowed, route, c.method);
          if (!c || (row.destructive && may)) continue;
          const problem = judge(actor, may, c.method, await send(actor, c), row, side);
          if (problem) failures.push(`${route} (${side}) as ${actor}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('shows the unlinked account and the deleted driver nothing: zero counts, empty lists, no live vehicles', async () => {
    const unlinked = callerFor(t, tokens.unlinked);
    expect((await unlinked('GET', '/api/dashboard/dashboardCounts')).json()).toEqual({
      totalVehicles: 0,
      totalDealers: 0,
      totalFleets: 0,
      totalDrivers: 0,
      totalVehiclesUnassigned: 0,
    });
    for (const url of [
      '/api/vehicles',
      '/api/drivers',
      '/api/vehicles/details',
      '/api/vehicles/src_ip',
      '/api/canreport/vehicles',
    ]) {
      const res = await unlinked('GET', url);
      expect(res.statusCode, url).toBe(200);
      const json = res.json<unknown>();
      const items = Array.isArray(json) ? json : (json as { data: unknown[] }).data;
      expect(items, url).toEqual([]);
    }
    // Records, and the routes kept to roles, which need the link that gives the role its records.
    for (const url of [
      `/api/vehicles/${vehicleA()}`,
      `/api/drivers/${a.driverId}`,
      `/api/notifications?vehicleId=${vehicleA()}`,
      '/api/notification-lists',
      '/api/vehicle-logs',
    ]) {
      expect((await unlinked('GET', url)).statusCode, url).toBe(403);
    }
    expect((await callerFor(t, tokens.exDriver)('GET', '/api/vehicles')).statusCode).toBe(401);
  });
});
