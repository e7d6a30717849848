import { METRIC_BOUNDS, type AlertAttribute, type Range } from '@evfleet/domain';

/**
 * What sets each demo vehicle apart, derived from its number alone so the seeded vehicle rows and
 * the simulator agree (the rated capacity is both a column and what the simulated pack was built as).
 * Most packs are healthy and differ in size and appetite; a few tell a story the analytics should
 * find: an old pack, a hungry vehicle, one that drains while parked and one with a weak cell.
 */
export interface DemoPack {
  ratedKwh: number;
  /** Capacity left, as a share of the rated one. */
  health: number;
  /** Energy out of the pack per mile driven. */
  whPerMile: number;
  /** Charge lost per day while parked (percentage points). */
  idleDrainPercentPerDay: number;
  /** The cell (0-based) sitting low at rest, or null. */
  weakCell: number | null;
}

/** EV Cart 02: an older pack at ~77 % of its rated capacity. */
export const OLD_PACK_VEHICLE = 1;
/** EV Cart 03: hauls a loaded trailer, well above everyone's Wh/mi. */
export const HUNGRY_VEHICLE = 2;
/** EV Cart 04: a parasitic load drains it while parked. */
export const LEAKY_VEHICLE = 3;
/** EV Cart 05: one cell a quarter of a volt below the others. */
export const WEAK_CELL_VEHICLE = 4;
export const WEAK_CELL = 6;

/** Spreads the indexes over [0, 1) evenly without looking ordered (golden-ratio steps). */
const spread = (index: number, phase: number) => {
  const x = index * 0.618_034 + phase;
  return x - Math.floor(x);
};

export function demoPack(index: number): DemoPack {
  return {
    ratedKwh: 10 + ((index * 5) % 11),
    health: index === OLD_PACK_VEHICLE ? 0.77 : Math.round((0.92 + 0.07 * spread(index, 0.3)) * 1000) / 1000,
    whPerMile: index === HUNGRY_VEHICLE ? 480 : Math.round(180 + 140 * spread(index, 0.71)),
    idleDrainPercentPerDay: index === LEAKY_VEHICLE ? 5 : Math.round((0.5 + 1.5 * spread(index, 0.47)) * 10) / 10,
    weakCell: index === WEAK_CELL_VEHICLE ? WEAK_CELL : null,
  };
}

/** The demo vehicle's number (0-based) from its VIN (EVDEMO00000000001 is 0); null for other VINs. */
export function demoIndex(vin: string): number | null {
  const m = /^EVDEMO(\d{11})$/.exec(vin);
  return m ? Number(m[1]) - 1 : null;
}

type Bands = Pick<AlertAttribute, 'normal' | 'warning' | 'sever'>;

/**
 * Pack-voltage bands that fit a pack of `cells` cells: the cell-voltage bands times the cell count,
 * kept within what the pack-voltage metric allows (ranges pushed wholly outside are left out). The
 * default pack bands suit a pack of about 26 cells; a 32-cell pack would sit in them as Severe.
 */
export function packVoltageBands(cellBands: Bands, cells: number): Bands {
  const { min, max } = METRIC_BOUNDS.packVoltage;
  const scale = (ranges: readonly Range[]) =>
    ranges
      .map((r) => ({
        low: Math.max(min, Math.round(r.low * cells * 10) / 10),
        high: Math.min(max, Math.round(r.high * cells * 10) / 10),
      }))
      .filter((r) => r.low <= r.high);
  return { normal: scale(cellBands.normal), warning: scale(cellBands.warning), sever: scale(cellBands.sever) };
}
