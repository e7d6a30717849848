/**
 * Seeds vehicles for the vehicle benchmarks in PostgreSQL itself (INSERT ... SELECT over
 * generate_series): `count` vehicles named 'Bench Cart 00001'..., each with a state whose position
 * lies in the contiguous United States, spread by fixed hashes so every run draws the same map.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.js';

export const BENCH_VEHICLES = 10_000;

export async function seedVehicles(db: Db, count = BENCH_VEHICLES): Promise<void> {
  await db.execute(sql`
    insert into vehicle (name, vin, status, cells, time_zone)
    select 'Bench Cart ' || lpad(i::text, 5, '0'), 'BENCHVIN' || lpad(i::text, 9, '0'), i % 10 <> 0, 32, 'America/Chicago'
    from generate_series(1, ${count}) i`);
  // h1..h3: three fixed pseudo-random fractions per vehicle (multiplicative hashes modulo primes).
  await db.execute(sql`
    insert into vehicle_state (vehicle_id, values, last_reported, can_last_reported, gps_last_reported)
    select id,
      jsonb_build_object(
        'gpsLat', round((25 + 24 * h1)::numeric, 5), 'gpsLong', round((-124 + 57 * h2)::numeric, 5),
        'batteryCharge', round((100 * h3)::numeric, 1), 'chargeStatus', (id % 3 = 0)::int,
        'odometer', 1000 + id % 9000, 'milesToEmpty', round((80 * h3)::numeric, 1),
        'gpsSignal', id % 6, 'lteSignal', id % 5),
      now() - (id % 600) * interval '1 second', now() - (id % 600) * interval '1 second', now() - (id % 900) * interval '1 second'
    from (
      select id, ((id * 7919) % 10007) / 10007.0 as h1, ((id * 104729) % 9973) / 9973.0 as h2, ((id * 31337) % 997) / 997.0 as h3
      from vehicle where vin like 'BENCHVIN%'
    ) hashed`);
}
