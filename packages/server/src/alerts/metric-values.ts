import type { MetricName } from '@evfleet/domain';
import { signalOf, type Reading, type StoredSignal } from '../telemetry/reading.js';

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

/**
 * The value of a metric in one reading, or undefined when the reading does not carry it. Cell
 * voltage is judged by the cell furthest from the middle of the normal band: the weakest or the
 * most overcharged cell is the one that matters.
 */
export function metricValue(metric: MetricName, reading: Reading, normalMid: number): number | undefined {
  if (metric === 'cellVoltage') {
    const cells = reading.cells;
    if (!cells?.length) return undefined;
    let worst = cells[0];
    for (let i = 1; i < cells.length; i++)
      if (Math.abs(cells[i] - normalMid) > Math.abs(worst - normalMid)) worst = cells[i];
    return worst;
  }
  const signal = SIGNAL_OF[metric];
  return signal ? signalOf(reading.values, signal) : undefined;
}
