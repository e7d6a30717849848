/**
 * Reads over compacted history against the same readings hot, side by side in one run: two
 * vehicles get the same 90 days of the demo model's readings every 10 s (support/demo-history.ts,
 * demo vehicle 0: 777,600 readings each), stored through the server's reading store with their
 * chart minutes; then every day of the second is compacted by the server's own compaction
 * (telemetry/compaction/). Each read runs on both, alternating, and the bench prints the median of
 * each and their ratio (goal: compacted ≤ 1.2 × hot): through the HTTP application, the CAN
 * report's first page and xlsx export over 10 days (the longest a report covers) and the signal
 * chart over the 90 days and over a day; a day's daily figures rebuilt (the analytics' source)
 * and its trips and charging sessions segmented again. The report's last page of a day and a page
 * sorted by a signal are printed beside them with no goal named (the report's own bench holds
 * later pages and sorts to 300 ms). A read answering differently on the two fails the run.
 * PostgreSQL (scripts/with-postgres.sh); BENCH_DAYS (at least 12) and BENCH_ROUNDS change the run.
 */
import { CAN_REPORT_MAX_DAYS, cellKey, SIGNAL_KEYS } from '@evfleet/domain';
import { buildApp } from '../packages/server/src/app.js';
import { seedReferenceData } from '../packages/server/src/db/seed.js';
import { seedDemoAccounts } from '../packages/server/src/demo/demo-accounts.js';
import { rebuildDay } from '../packages/server/src/modules/dashboard/day-rebuild.js';
import { compactDay } from '../packages/server/src/telemetry/compaction/compact-day.js';
import { resegmentWindow } from '../packages/server/src/telemetry/episode-store.js';
import { createPartitionManager } from '../packages/server/src/telemetry/partitions.js';
import { rebuildMinutes } from '../packages/server/src/telemetry/signal-minutes.js';
import { benchConfig } from './support/api-calls.js';
import { openBenchDatabase } from './support/bench-database.js';
import { demoHistory } from './support/demo-history.js';

const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const GOAL = 1.2;
const DAY_MS = 86_400_000;
const TICK_S = 10;
/** A fixed end, so every run reads the same readings. */
const END = Date.parse('2026-11-20T00:00:00Z');
const FROM = END - DAYS * DAY_MS;
/** The longest range a report may cover. */
const REPORT_DAYS = CAN_REPORT_MAX_DAYS;
const iso = (ts: number) => new Date(ts).toISOString();

if (!process.env.TEST_DATABASE_URL)
  throw new Error('TEST_DATABASE_URL is required (run through scripts/with-postgres.sh)');
const bdb = await openBenchDatabase('evfleet_compacted_reads_bench');
const { db } = bdb;
await seedReferenceData(db);
await seedDemoAccounts(db);
const [hot, compacted] = (
  await bdb.rows<{ id: number }>(
    `insert into vehicle (name, vin, time_zone) values ('Cart', 'BENCH-1', 'UTC'), ('Cart', 'BENCH-2', 'UTC') returning id`,
  )
).map((r) => r.id);
await createPartitionManager({ query: (t) => bdb.rows(t), rows: (t) => bdb.rows(t) }).ensureFor(
  Array.from({ length: DAYS + 1 }, (_, d) => Math.min(FROM + d * DAY_MS, END - 1)),
);

let started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
let readings = 0;
for (const batch of demoHistory({ vehicleIds: [hot], from: FROM, to: END, tickS: TICK_S, stepping: 'every' })) {
  await bdb.store.insert([...batch, ...batch.map((row) => ({ ...row, vehicleId: compacted }))]);
  readings += batch.length;
}
for (const id of [hot, compacted]) await rebuildMinutes(db, id, FROM, END);
console.log(
  `${readings.toLocaleString('en')} readings a vehicle over ${DAYS} days stored, minutes rebuilt, in ${seconds()} s`,
);
started = performance.now();
for (let day = FROM; day < END; day += DAY_MS) await compactDay(db, compacted, iso(day).slice(0, 10));
await bdb.rows('vacuum analyze');
console.log(`the second vehicle's ${DAYS} days compacted in ${seconds()} s`);

const config = { ...benchConfig('postgres://unused'), historyHotDays: 400 };
const app = await buildApp({ config, database: bdb.database, logger: false });
await app.ready();
const auth = await app.inject({
  method: 'POST',
  url: '/api/authenticate',
  payload: { username: 'admin', password: 'admin123' },
});
const authorization = `Bearer ${auth.json<{ id_token: string }>().id_token}`;

const columns = [...SIGNAL_KEYS, ...Array.from({ length: 24 }, (_, c) => cellKey(c))];
const report = (url: string, vehicleId: number, from: number, to: number, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { authorization },
    payload: { vehiclesIds: [vehicleId], columns, startDate: iso(from), endDate: iso(to - 1), vin: 'BENCH', ...extra },
  });
/** A page of the report as the web shows it, the row ids left out (the two vehicles' differ). */
const reportPage = async (vehicleId: number, from: number, to: number, extra: object = {}) => {
  const res = await report('/api/canreport/getListCanHistory', vehicleId, from, to, extra);
  const body = res.json<{ totalCount: number; data: Record<string, unknown>[] }>();
  return `${res.statusCode} ${body.totalCount} ${JSON.stringify(body.data?.map((r) => ({ ...r, id: 0 })))}`;
};
const middleDay = iso(FROM + Math.floor((DAYS - REPORT_DAYS) / 2) * DAY_MS).slice(0, 10);
const middle = Date.parse(`${middleDay}T00:00:00Z`);

/**
 * Each read: what it does, and the call for a vehicle (answering something to compare between the
 * two); `goal: false` for a read the goal does not name, printed for docs/performance.md.
 */
const reads: { name: string; rounds?: number; goal?: false; call: (vehicleId: number) => Promise<string> }[] = [
  {
    name: `CAN report, first page of ${REPORT_DAYS} days`,
    call: (v) => reportPage(v, middle, middle + REPORT_DAYS * DAY_MS),
  },
  {
    name: `CAN report, last page of a day`,
    goal: false,
    call: (v) => reportPage(v, middle, middle + DAY_MS, { pageNo: 172 }),
  },
  {
    name: `CAN report, sorted by speed, page 3 of ${REPORT_DAYS} days`,
    goal: false,
    call: (v) =>
      reportPage(v, middle, middle + REPORT_DAYS * DAY_MS, {
        sortBy: 'Speed',
        sortType: 'DESC',
        pageNo: 3,
      }),
  },
  {
    name: `CAN report, xlsx export of ${REPORT_DAYS} days`,
    rounds: 3,
    call: async (v) => {
      const res = await report('/api/canreport/downloadExcel', v, middle, middle + REPORT_DAYS * DAY_MS);
      return `${res.statusCode} ${res.rawPayload.length}`;
    },
  },
  {
    name: `signal chart, ${DAYS} days`,
    call: async (v) => {
      const res = await app.inject({
        url: `/api/vehicles/${v}/signal-series?signal=batteryCharge&points=1000&from=${iso(FROM)}&to=${iso(END)}`,
        headers: { authorization },
      });
      return `${res.statusCode} ${res.body}`;
    },
  },
  {
    name: `signal chart, one day`,
    call: async (v) => {
      const res = await app.inject({
        url: `/api/vehicles/${v}/signal-series?signal=speed&points=1000&from=${iso(middle)}&to=${iso(middle + DAY_MS)}`,
        headers: { authorization },
      });
      return `${res.statusCode} ${res.body}`;
    },
  },
  {
    name: 'daily figures of a day rebuilt',
    call: async (v) => JSON.stringify(await rebuildDay(db, v, middleDay)),
  },
  {
    name: 'trips and charging sessions of a day segmented again',
    call: async (v) => {
      await resegmentWindow(db, v, middle, middle + DAY_MS);
      const rows = await bdb.rows<{ n: number }>(
        `select (select count(*) from trip where vehicle_id = $1)::int + (select count(*) from charging_session where vehicle_id = $1)::int as n`,
        [v],
      );
      return String(rows[0].n);
    },
  },
];

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const timed = async (call: () => Promise<string>) => {
  const t = performance.now();
  const answer = await call();
  if (/^[1-9]\d\d /.test(answer) && !answer.startsWith('200 ')) throw new Error(answer.slice(0, 300));
  return { ms: performance.now() - t, answer };
};

console.log(
  `\n| read | hot, median ms | compacted, median ms | compacted / hot | same answer |\n| --- | ---: | ---: | ---: | --- |`,
);
let missed = 0;
for (const read of reads) {
  const times = { hot: [] as number[], compacted: [] as number[] };
  const answers = { hot: '', compacted: '' };
  // A first call of each warms the caches; then the two alternate, each starting half the rounds.
  await read.call(hot);
  await read.call(compacted);
  for (let round = 0; round < (read.rounds ?? ROUNDS); round++) {
    const order = round % 2 ? (['compacted', 'hot'] as const) : (['hot', 'compacted'] as const);
    for (const which of order) {
      const { ms, answer } = await timed(() => read.call(which === 'hot' ? hot : compacted));
      times[which].push(ms);
      answers[which] = answer.replaceAll(`"vehicleId":${compacted}`, `"vehicleId":${hot}`);
    }
  }
  const ratio = median(times.compacted) / median(times.hot);
  const same = answers.hot === answers.compacted;
  if ((read.goal !== false && ratio > GOAL) || !same) missed++;
  console.log(
    `| ${read.name}${read.goal === false ? ' (no goal named)' : ''} | ${median(times.hot).toFixed(1)} | ${median(times.compacted).toFixed(1)} | ${ratio.toFixed(2)} | ${same ? 'yes' : `**no**: ${answers.hot.slice(0, 80)} / ${answers.compacted.slice(0, 80)}`} |`,
  );
}
await app.close();
await bdb.close();
console.log(
  missed
    ? `\n${missed} read(s) over ${GOAL} times hot or answering differently`
    : `\nevery read the goal names within ${GOAL} times hot, and every answer the same`,
);
if (missed) process.exitCode = 1;
