import type { MetricName } from '@evfleet/domain';
import { SIGNAL_INDEX, type Reading, type StoredSignal } from '../readings/reading.js';

/** Which reading value each alert metric watches (part 2 §3 metric names -> protocol signals). */
const SIGNAL_OF: Partial<Record<MetricName, StoredSignal>> = {
  milesToEmpty: 'milesToEmpty',
  batteryPercentage: 'batteryCharge',
  packVoltage: 'packVoltage',
  speedAlert: 'speed',
  brakePressure: 'brakePressure',
  motorCurrent: 'motorCurrent',
  '12vBattery': 'battery12v',
  limpMode: 'limpMode',
  gpsSignal: 'gpsSignal',
  daysSincePluggedIn: 'daysNotCharged',
  cabinTemp: 'cabinTemp',
  cellPackTemp: 'cellPackTemp',
  gearSelector: 'gear',
};

/** A metric watched by the cell furthest from normal; one that no reading value carries. */
const CELLS = -1;
const NONE = -2;
/** Where a metric's value is in a reading: its signal's place in the values, CELLS, or none. */
export const metricPlace = (metric: MetricName): number =>
  metric === 'cellVoltage' ? CELLS : SIGNAL_OF[metric] ? SIGNAL_INDEX[SIGNAL_OF[metric]] : NONE;

/**
 * The value of a metric (at `place`, metricPlace) in one reading, NaN when the reading does not
 * carry it. Cell voltage is judged by the cell furthest from the middle of the normal band: the
 * weakest or the most overcharged cell is the one that matters.
 */
export function metricValue(place: number, reading: Reading, normalMid: number): number {
  if (place >= 0) return reading.values[place];
  const cells = reading.cells;
  if (place !== CELLS || !cells?.length) return NaN;
  let worst = cells[0];
  let furthest = Math.abs(worst - normalMid);
  for (let i = 1; i < cells.length; i++) {
    const distance = Math.abs(cells[i] - normalMid);
    if (distance > furthest) {
      worst = cells[i];
      furthest = distance;
    }
  }
  return worst;
}
