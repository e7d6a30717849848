/**
 * Seeds the people benchmark in PostgreSQL itself (INSERT ... SELECT over generate_series, one
 * statement per table): 1,000 dealers, 10,000 fleets, 100,000 drivers, 1,000 super users, each with
 * its sign-in account, and 50,000 vehicles spread over dealers, fleets and drivers.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.js';

export const SIZES = { dealers: 1_000, fleets: 10_000, drivers: 100_000, superUsers: 1_000, vehicles: 50_000 };

// Names drawn from short lists so that a search term is common, as real surnames are.
const FIRST = `array['Ada','Ben','Cleo','Dev','Eli','Fay','Gus','Hana','Ivo','Jade','Kai','Lea','Milo','Nia','Omar','Pia','Quin','Rosa','Sam','Tia']`;
const LAST = `array['Smith','Jones','Brown','Taylor','Wilson','Davies','Evans','Thomas','Johnson','Roberts','Walker','Wright','Robinson','Thompson','White','Hughes','Edwards','Green','Hall','Wood']`;
const person = (i: string) => sql.raw(`(${FIRST})[1 + ${i} % 20] || ' ' || (${LAST})[1 + (${i} / 20) % 20]`);

export async function seedPeople(db: Db) {
  const { dealers, fleets, drivers, superUsers, vehicles } = SIZES;
  await db.execute(sql`
    insert into dealer (name, email, mobile_number, company, address, activation)
    select ${person('i')} || ' ' || i, 'dealer' || i || '@dealers.example', '0123456789', (${sql.raw(LAST)})[1 + i % 20] || ' Motors ' || i, 'Default', true
    from generate_series(1, ${dealers}) i`);
  await db.execute(sql`
    insert into fleet (name, email, dealer_id, status)
    select 'Fleet ' || (${sql.raw(LAST)})[1 + (i / 7) % 20] || ' ' || i, 'fleet' || i || '@fleets.example', 1 + i % ${dealers}, i % 9 <> 0
    from generate_series(1, ${fleets}) i`);
  await db.execute(sql`
    insert into driver (name, email, mobile, address, fleet_id, status)
    select ${person('i')} || ' ' || i, 'driver' || i || '@drivers.example', '01234567890', 'Depot ' || i % 50, 1 + i % ${fleets}, true
    from generate_series(1, ${drivers}) i`);
  await db.execute(sql`
    insert into super_user (name, email, mobile_number, address)
    select ${person('i')} || ' ' || i, 'super' || i || '@staff.example', '0123456789', 'HQ'
    from generate_series(1, ${superUsers}) i`);
  await db.execute(sql`
    insert into vehicle (name, vin, dealer_id, fleet_id)
    select 'Van ' || i, 'VIN' || lpad(i::text, 14, '0'), 1 + (f % ${dealers}), case when i % 5 = 0 then null else f end
    from generate_series(1, ${vehicles}) i, lateral (select 1 + i % ${fleets} as f) x`);
  await db.execute(sql`
    update vehicle v set driver_id = (select min(d.id) from driver d where d.fleet_id = v.fleet_id)
    where v.fleet_id is not null and v.id % 3 = 0`);
  // Every person's sign-in account, as the API would have made it (no password yet).
  for (const [table, role] of [
    ['dealer', 'ROLE_DEALER'],
    ['fleet', 'ROLE_FLEET'],
    ['driver', 'ROLE_USER'],
    ['super_user', 'ROLE_ADMIN'],
  ] as const) {
    await db.execute(
      sql.raw(`
      insert into app_user (login, email, password_hash, first_name, activated)
      select email, email, '!', left(name, 50), true from ${table}`),
    );
    await db.execute(sql.raw(`update ${table} p set user_id = u.id from app_user u where u.email = p.email`));
    await db.execute(
      sql.raw(`insert into user_authority (user_id, authority) select user_id, '${role}' from ${table}`),
    );
  }
  // What autovacuum does to a long-lived database: statistics, and the visibility map that index-only
  // scans (the deep pages' OFFSET) need. One pass left a fifth of the drivers' pages unmarked (the
  // account links had just rewritten them); the second marks them.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`vacuum`);
}
