import { steadyWeakCell, type RestDay } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jsonRecords } from '../../db/json-records.js';
import { warningLog } from '../../db/telemetry-schema.js';
import { dayOf } from './day-figures.js';

/** A vehicle's day whose rest figures changed, and the time of the latest reading counted in it. */
export interface RestChange {
  vehicleId: number;
  day: string;
  at: number;
}

const DAY_MS = 86_400_000;
const dayBefore = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
/** Days of history read at a time when looking for the start of a run. */
const RUN_PAGE_DAYS = 31;

type RestRow = { day: string; rest_count: number; rest_sum: number; cell: number | null; cell_count: number | null };
const restDay = (r: RestRow): RestDay => ({
  restCount: r.rest_count,
  restSpreadSumMv: r.rest_sum,
  lowestCell: r.cell,
  lowestCellCount: r.cell_count ?? 0,
});
/** A stored day's rest figures and its most frequent lowest cell (`d`: vehicle_daily_stat). */
const REST_FIGURES = sql`to_char(d.day, 'YYYY-MM-DD') as day, d.rest_spread_count as rest_count, d.rest_spread_sum_mv as rest_sum,
  top.cell, top.count as cell_count`;
const TOP_CELL = sql`left join lateral (select cell, count from low_cell_count l where l.vehicle_id = d.vehicle_id and l.day = d.day
  order by count desc, cell limit 1) top on true`;

/**
 * The weak-cell warning: a day on which one cell was steadily the lowest at rest while the spread
 * stood past the vehicle's level (steadyWeakCell in domain/energy.ts) logs one warning for each run
 * of consecutive such days; the run's first day is its episode, so the log's unique key keeps one
 * row per run whichever flush or instance sees it again.
 */
export function createWeakCellWarning(db: Db) {
  /** Per vehicle, the latest day known to be in a logged run and the run's first day. */
  const runs = new Map<number, { since: string; through: string }>();

  /** The first day of the run that ends at `day`: earlier days, while consecutive and steady. */
  const runStart = async (vehicleId: number, day: string, warnMv: number | null) => {
    let since = day;
    for (;;) {
      const to = since;
      const from = dayOf(Date.parse(`${to}T00:00:00Z`) - RUN_PAGE_DAYS * DAY_MS);
      const { rows } = await db.execute<RestRow>(sql`
        select ${REST_FIGURES} from vehicle_daily_stat d ${TOP_CELL}
        where d.vehicle_id = ${vehicleId} and d.day >= ${from}::date and d.day < ${to}::date order by d.day desc`);
      for (const r of rows) {
        if (r.day !== dayBefore(since) || !steadyWeakCell(restDay(r), warnMv)) return since;
        since = r.day;
      }
      if (rows.length < RUN_PAGE_DAYS) return since;
    }
  };

  /** Checks the days whose rest figures changed (after they are stored) and logs the warnings they call for. */
  async function check(changes: RestChange[]) {
    if (!changes.length) return;
    const at = new Map(changes.map((c) => [`${c.vehicleId}:${c.day}`, c.at]));
    const { rows } = await db.execute<RestRow & { vehicle_id: number; warn: number | null }>(sql`
      select d.vehicle_id, ${REST_FIGURES}, t.cell_spread_warn_mv as warn
      from ${jsonRecords(
        changes.map((c) => ({ vehicle_id: c.vehicleId, day: c.day })),
        'x(vehicle_id int, day date)',
      )}
      join vehicle_daily_stat d on d.vehicle_id = x.vehicle_id and d.day = x.day
      join vehicle v on v.id = d.vehicle_id
      left join vehicle_template t on t.id = v.template_id
      ${TOP_CELL}
      order by d.vehicle_id, d.day`);
    const warnings: (typeof warningLog.$inferInsert)[] = [];
    for (const r of rows) {
      const known = runs.get(r.vehicle_id);
      const weak = steadyWeakCell(restDay(r), r.warn);
      if (!weak) {
        if (known && known.through >= r.day) runs.delete(r.vehicle_id);
        continue;
      }
      if (known?.through === r.day) continue; // logged already
      const since = known?.through === dayBefore(r.day) ? known.since : await runStart(r.vehicle_id, r.day, r.warn);
      runs.set(r.vehicle_id, { since, through: r.day });
      const spread = Math.round(weak.meanSpreadMv);
      warnings.push({
        vehicleId: r.vehicle_id,
        type: 'WARNING',
        attributeName: 'cellSpread',
        name: 'Cell Spread',
        value: weak.meanSpreadMv,
        date: new Date(at.get(`${r.vehicle_id}:${r.day}`) ?? Date.now()),
        episodeSince: new Date(`${since}T00:00:00Z`),
        notificationContent: `Cell ${weak.cell} has been the lowest cell at rest and the spread reached ${spread} mV.`,
      });
    }
    if (!warnings.length) return;
    try {
      await db.insert(warningLog).values(warnings).onConflictDoNothing();
    } catch (err) {
      // Not logged: checked again (and the run found again) at the day's next change.
      for (const w of warnings) runs.delete(w.vehicleId);
      throw err;
    }
  }

  return {
    check,
    /** A rebuilt day may end or join runs: the vehicle's runs are found again from storage. */
    forget: (vehicleId: number) => runs.delete(vehicleId),
  };
}
