import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
export type Caller = (method: Method, url: string, payload?: unknown) => Promise<Reply>;

/** Calls the API as the holder of a bearer token (anonymous without one). */
export const callerFor =
  (t: TestApp, authorization?: string): Caller =>
  (method, url, payload) =>
    t.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: authorization ? { authorization } : {},
    });

export interface Tenant {
  dealerId: number;
  fleetId: number;
  driverId: number;
  dealer: string;
  fleet: string;
  driver: string;
  /** Vehicle ids: two in the fleet (the first with the driver), one of the dealer in no fleet. */
  vehicles: { withDriver: number; inFleet: number; free: number };
}

/** Tenants are numbered per app, so names are the same on every database. */
const counters = new WeakMap<TestApp, number>();

/** A dealer with one fleet, one driver and three vehicles, each person signed in through the API. */
export async function createTenant(t: TestApp, admin: string, label: string): Promise<Tenant> {
  const as = callerFor(t, admin);
  const n = (counters.get(t) ?? 0) + 1;
  counters.set(t, n);
  const tag = `${label}${n}`.toLowerCase();
  const ok = async (res: Reply) => {
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  const dealerId = await ok(
    await as('POST', '/api/dealers', {
      name: `Dealer ${label}`,
      email: `dealer-${tag}@people.test`,
      mobileNumber: '0123456789',
      company: `${label} Motors`,
      password: 'dealer-pass-1',
      activation: true,
    }),
  );
  const fleetId = await ok(
    await as('POST', '/api/fleets', {
      name: `Fleet ${label}`,
      email: `fleet-${tag}@people.test`,
      dealerId,
      status: true,
    }),
  );
  const driverId = await ok(
    await as('POST', '/api/drivers', {
      name: `Driver ${label}`,
      email: `driver-${tag}@people.test`,
      mobile: '0123456789',
      address: 'Depot 1',
      fleetId,
      status: true,
    }),
  );
  for (const who of ['fleet', 'driver']) {
    const res = await as('POST', '/api/account/update-password-prototype', {
      email: `${who}-${tag}@people.test`,
      newPassword: 'person-pass-1',
      confirmNewPassword: 'person-pass-1',
    });
    if (res.statusCode !== 200) throw new Error(`password of ${who}: ${res.statusCode} ${res.body}`);
  }
  // The vehicles are made in the database: the people tests need only their links to dealer, fleet and driver.
  const { rows } = await t.database.db.execute<{ id: number }>(sql`
    insert into vehicle (name, vin, dealer_id, fleet_id, driver_id)
    values (${`Van ${tag} 1`}, ${`VIN-${tag}-1`}, ${dealerId}, ${fleetId}, ${driverId}),
           (${`Van ${tag} 2`}, ${`VIN-${tag}-2`}, ${dealerId}, ${fleetId}, null),
           (${`Van ${tag} 3`}, ${`VIN-${tag}-3`}, ${dealerId}, null, null)
    returning id`);
  return {
    dealerId,
    fleetId,
    driverId,
    dealer: await t.bearer(`dealer-${tag}@people.test`, 'dealer-pass-1'),
    fleet: await t.bearer(`fleet-${tag}@people.test`, 'person-pass-1'),
    driver: await t.bearer(`driver-${tag}@people.test`, 'person-pass-1'),
    vehicles: { withDriver: rows[0].id, inFleet: rows[1].id, free: rows[2].id },
  };
}

/** Row counts of the people tables and the vehicles' links: equal before and after a refused call. */
export async function snapshot(t: TestApp) {
  const { rows } = await t.database.db.execute(sql`
    select (select count(*) from dealer) as dealers, (select count(*) from fleet) as fleets, (select count(*) from driver) as drivers,
           (select count(*) from super_user) as super_users, (select count(*) from app_user) as users, (select count(*) from stored_file) as files,
           (select string_agg(concat_ws(':', id, dealer_id, fleet_id, driver_id), ',' order by id) from vehicle) as vehicles,
           (select string_agg(concat_ws(':', id, name, email, fleet_id, status), ',' order by id) from driver) as driver_rows,
           (select string_agg(concat_ws(':', id, name, email, dealer_id, status), ',' order by id) from fleet) as fleet_rows,
           (select string_agg(concat_ws(':', id, name, email, company), ',' order by id) from dealer) as dealer_rows,
           (select string_agg(concat_ws(':', id, email, password_hash, activated), ',' order by id) from app_user) as accounts`);
  return rows[0];
}

/** A tiny but real PNG (1x1 pixel). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body for POST api/file/upload. */
export function multipartBody(
  file: { name: string; bytes: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const boundary = '----evfleet-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
    ),
  );
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
