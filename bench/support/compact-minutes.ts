/**
 * The per-minute summary (signal_minute) compacted like candidate A's readings: one row per
 * vehicle and day, the minutes as offsets into the day, each chart signal's lowest and highest
 * value an array of its integers at its resolution, compressed by TOAST. What the charts would
 * read over compacted periods if the summary stays; built from signal_minute in SQL.
 */
import { CHART_SIGNALS } from '@evfleet/domain';
import type { BenchDatabase } from './bench-database.js';
import { SCALED_SIGNALS, type ScaledSignal } from './signal-resolution.js';

if (CHART_SIGNALS.join() !== SCALED_SIGNALS.map((s) => s.key).join())
  throw new Error("signal_minute's arrays are not in the stored signals' order");

const extreme = (side: 'low' | 'high', { column, scale, type }: ScaledSignal, place: number) =>
  `array_agg(round(m.${side}[${place}] * ${scale})::${type} order by m.minute) as ${side}_${column}`;

/** The table summary_day_<compression>, filled vehicle by vehicle; its bytes with its index. */
export async function buildMinuteArrays(bdb: BenchDatabase, compression: 'pglz' | 'lz4', vehicleIds: number[]) {
  const table = `summary_day_${compression}`;
  const c = `compression ${compression}`;
  const signals = SCALED_SIGNALS.flatMap((s) => [
    `low_${s.column} ${s.type}[] ${c}`,
    `high_${s.column} ${s.type}[] ${c}`,
  ]);
  await bdb.rows(`create table ${table} (
    vehicle_id int not null, day timestamptz not null, minutes smallint[] ${c} not null,
    readings smallint[] ${c} not null, ${signals.join(', ')}, primary key (vehicle_id, day))`);
  for (const id of vehicleIds)
    await bdb.rows(
      `insert into ${table}
      select ${id}, m.day, array_agg((extract(epoch from m.minute - m.day) / 60)::smallint order by m.minute),
        array_agg(m.readings::smallint order by m.minute),
        ${SCALED_SIGNALS.flatMap((s, i) => [extreme('low', s, i + 1), extreme('high', s, i + 1)]).join(', ')}
      from (select *, date_trunc('day', minute, 'UTC') as day from signal_minute where vehicle_id = $1) m
      group by m.day`,
      [id],
    );
  await bdb.rows(`vacuum analyze ${table}`);
  const [size] = await bdb.rows<{ bytes: string }>(`select pg_total_relation_size('${table}') as bytes`);
  return { table, bytes: Number(size.bytes) };
}
