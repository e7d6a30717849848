import { estimateCapacity, stateOfHealthPercent, type BatteryHealth, type Episode } from '@evfleet/domain';
import { iso, round, roundOrNull } from './analytics.presenter.js';

/** The current cell spread is the mean of the last days with readings at rest. */
const SPREAD_DAYS = 7;

type Session = Pick<Episode, 'start' | 'end' | 'energyKwh' | 'startCharge' | 'endCharge'>;
/** A UTC day ('YYYY-MM-DD') with readings at rest: the sum and count of their cell spreads. */
export interface RestSpreadDay {
  day: string;
  sum: number;
  count: number;
}

/** What a vehicle's battery health is judged from. */
export interface HealthEvidence {
  /** The charging sessions the capacity and its history stand on. */
  sessions: readonly Session[];
  /** Energy charged over the vehicle's whole history. */
  chargedKwh: number;
  /** The days with readings at rest, oldest first. */
  spreadDays: readonly RestSpreadDay[];
  /** The cells by how often each was the lowest at rest, most often first. */
  lowCells: readonly { cell: number }[];
  ratedKwh: number | null;
}

const spreadOf = (days: readonly RestSpreadDay[]) => {
  const count = days.reduce((n, d) => n + d.count, 0);
  return count ? days.reduce((s, d) => s + d.sum, 0) / count : null;
};

/** Sessions and rest days month by month ('YYYY-MM'), oldest first. */
function byMonth(sessions: readonly Session[], days: readonly RestSpreadDay[]) {
  const months = new Map<string, { sessions: Session[]; days: RestSpreadDay[] }>();
  const month = (key: string) => {
    let m = months.get(key);
    if (!m) months.set(key, (m = { sessions: [], days: [] }));
    return m;
  };
  for (const e of sessions) month(iso(new Date(e.start)).slice(0, 7)).sessions.push(e);
  for (const d of days) month(d.day.slice(0, 7)).days.push(d);
  return [...months].sort(([a], [b]) => a.localeCompare(b));
}

/** Capacity, state of health, full cycles and the cells' spread, now and month by month. */
export function batteryHealthOf(e: HealthEvidence): BatteryHealth {
  const estimated = estimateCapacity(e.sessions).capacityKwh;
  const cycleCapacity = e.ratedKwh ?? estimated;
  return {
    estimatedCapacityKwh: roundOrNull(estimated, 2),
    ratedCapacityKwh: e.ratedKwh,
    stateOfHealthPercent: roundOrNull(stateOfHealthPercent(estimated, e.ratedKwh), 1),
    equivalentFullCycles: cycleCapacity ? round(e.chargedKwh / cycleCapacity, 2) : null,
    cellSpreadMv: roundOrNull(spreadOf(e.spreadDays.slice(-SPREAD_DAYS)), 1),
    weakestCell: e.lowCells[0]?.cell ?? null,
    history: byMonth(e.sessions, e.spreadDays).map(([key, m]) => {
      const est = estimateCapacity(m.sessions);
      return {
        month: key,
        estimatedCapacityKwh: roundOrNull(est.capacityKwh, 2),
        sessions: est.sessions,
        cellSpreadMv: roundOrNull(spreadOf(m.days), 1),
      };
    }),
    cellSpreadTrend: e.spreadDays.map((d) => ({ day: d.day, cellSpreadMv: round(d.sum / d.count, 1) })),
  };
}
