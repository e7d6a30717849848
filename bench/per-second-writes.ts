/**
 * What ingestion writes once a second for each vehicle that sent readings: its live state, its
 * chart minutes and its open trip or charging session. With a real fleet every vehicle reports
 * about once a second, so these writes grow with the fleet, not with the readings: 10,000 vehicles
 * each round, each with one new reading of every signal, on PostgreSQL. Prints evfleet's CPU and
 * the wall time of each write per round. Goal: all three within 25 µs of evfleet's CPU a vehicle
 * (250 ms a second for 10,000 vehicles): about what ingesting the vehicle's reading costs, so the
 * writes kept per vehicle never cost more than the readings themselves.
 */
import { openDatabase } from '../packages/server/src/db/client.js';
import { createEpisodeTracker } from '../packages/server/src/telemetry/episodes.js';
import { createZoneCache } from '../packages/server/src/telemetry/visits/zone-cache.js';
import { parseReading } from '../packages/server/src/readings/reading.js';
import type { StoredRow } from '../packages/server/src/readings/stored-row.js';
import { createSignalMinutes } from '../packages/server/src/telemetry/signal-minutes.js';
import { createVehicleStates } from '../packages/server/src/telemetry/vehicle-states.js';

const VEHICLES = Number(process.env.VEHICLES ?? 10_000);
const ROUNDS = 7;
const GOAL_MICROS = 25;
const database = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! }, 4);
if (database.raw.kind !== 'postgres') throw new Error('PostgreSQL only');
await database.raw.pool.query(
  `insert into vehicle (name, vin) select 'Writes ' || i, 'WRITES' || i from generate_series(1, $1::int) i`,
  [VEHICLES],
);
const ids = (await database.raw.pool.query<{ id: number }>('select id from vehicle order by id')).rows.map((r) => r.id);

const cells = Array.from({ length: 32 }, (_, i) => 3.3 + (i % 7) * 0.01);
const start = Date.now() - ROUNDS * 1000;
/** Each vehicle driving: one reading a second, a little further on each time. */
const round = (r: number): StoredRow[] =>
  ids.map((vehicleId, i) => {
    const parsed = parseReading(
      {
        ts: start + r * 1000,
        batteryCharge: 80 - r * 0.01,
        packVoltage: 88.4,
        vehicleCurrent: 40 + (i % 10),
        chargeStatus: 0,
        speed: 14 + (i % 5),
        odometer: 1000 + i + r * 0.004,
        gpsLat: 41.8 + i * 1e-4,
        gpsLong: -87.6 - r * 1e-5,
        motorTemp: 110,
        controllerTemp: 95,
        cabinTemp: 70,
        cells,
      },
      Date.now(),
    );
    if (!parsed.ok) throw new Error(parsed.detail);
    return { vehicleId, reading: parsed.reading };
  });

const states = createVehicleStates(database.db);
const minutes = createSignalMinutes(database.db, { hotDays: 2 });
const episodes = createEpisodeTracker(database.db, createZoneCache(database.db));
const timed = async (work: () => Promise<void>) => {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
};

const figures: Record<'states' | 'minutes' | 'episodes', { wallMs: number; cpuMs: number }[]> = {
  states: [],
  minutes: [],
  episodes: [],
};
for (let r = 0; r < ROUNDS; r++) {
  const rows = round(r);
  minutes.apply(rows);
  await states.apply(rows);
  await episodes.apply(rows);
  // The first round loads what is stored of each vehicle; the figures are of the rounds after it.
  const s = await timed(() => states.persist());
  const m = await timed(() => minutes.persist());
  const e = await timed(() => episodes.persist());
  if (r === 0) continue;
  figures.states.push(s);
  figures.minutes.push(m);
  figures.episodes.push(e);
}
await database.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
let cpuTotal = 0;
console.log(`${VEHICLES} vehicles, ${ROUNDS - 1} rounds, median per round:`);
for (const [what, list] of Object.entries(figures)) {
  const cpu = median(list.map((f) => f.cpuMs));
  cpuTotal += cpu;
  console.log(
    `  ${what.padEnd(9)} evfleet CPU ${cpu.toFixed(1)} ms, wall ${median(list.map((f) => f.wallMs)).toFixed(1)} ms`,
  );
}
const perVehicle = (cpuTotal * 1000) / VEHICLES;
console.log(
  `  all three: evfleet CPU ${cpuTotal.toFixed(1)} ms a round, ${perVehicle.toFixed(1)} µs a vehicle (goal <= ${GOAL_MICROS} µs)`,
);
if (perVehicle > GOAL_MICROS) process.exitCode = 1;
