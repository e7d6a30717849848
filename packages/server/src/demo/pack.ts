/**
 * The electrical side of a simulated pack: cells in series whose voltage follows the charge (a
 * flat, LFP-like curve) and sags under load, a pack voltage that is their sum, and a current that
 * is the power over that voltage. What the device reports is what the charge integrates: the
 * analytics multiply the reported voltage and current over time, so the simulator does too.
 */

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * Open-circuit voltage of a cell at a charge (0–100): LFP-like, flat around 3.3 V in the middle and
 * steep at both ends, so a 24- or 28-cell pack sits in the default pack-voltage band most of the time.
 */
export function cellOcv(soc: number): number {
  const s = Math.min(1, Math.max(0, soc / 100));
  return 3.29 + 0.06 * s - 0.2 * (1 - s) ** 8 + 0.12 * s ** 14;
}

const CELL_OHMS = 0.0015;
/** A weak cell: lower at rest and with more resistance, so it sags further under load. */
const WEAK_CELL_DROP_V = 0.25;
const WEAK_CELL_OHMS = 0.004;

export interface PackReading {
  cells: number[];
  packVoltage: number;
  /** A, positive out of the pack, negative while charging. */
  current: number;
}

/**
 * What the pack's sensors read while it delivers `powerKw` (negative: charging): each cell's
 * voltage (its own small offset plus a little noise), their sum, and the current.
 */
export function measurePack(
  soc: number,
  powerKw: number,
  offsets: readonly number[],
  weakCell: number | null,
  noise: () => number,
): PackReading {
  const ocv = cellOcv(soc);
  const amps = (powerKw * 1000) / (ocv * offsets.length);
  const cells = offsets.map((offset, i) => {
    const weak = i === weakCell;
    const v = ocv + offset + (noise() - 0.5) * 0.003 - amps * (weak ? WEAK_CELL_OHMS : CELL_OHMS);
    return round(weak ? v - WEAK_CELL_DROP_V : v, 3);
  });
  const packVoltage = round(
    cells.reduce((a, b) => a + b, 0),
    1,
  );
  return { cells, packVoltage, current: round((powerKw * 1000) / packVoltage, 2) };
}

/** kWh out of the pack (negative: into it) over `seconds` at a reading's voltage and current. */
export const packKwh = (r: Pick<PackReading, 'packVoltage' | 'current'>, seconds: number) =>
  (r.packVoltage * r.current * seconds) / 3_600_000;
