import type { ChargingSession, TripFigures } from '@evfleet/domain';
import { duration, fixed, zonedDateTime } from '../format';
import type { FiguresColumn } from './FiguresTable';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value)}%`);
const span = (e: { start: string; end: string }) => Date.parse(e.end) - Date.parse(e.start);

/** Percentage points of charge a trip used; null unless both ends are known. */
export const chargeUsed = (t: Pick<TripFigures, 'startCharge' | 'endCharge'>) =>
  t.startCharge === null || t.endCharge === null ? null : t.startCharge - t.endCharge;

const times = <T extends { start: string; end: string }>(timeZone: string): FiguresColumn<T>[] => [
  { header: 'Start', cell: (e) => zonedDateTime(e.start, timeZone) },
  { header: 'End', cell: (e) => zonedDateTime(e.end, timeZone) },
  { header: 'Duration', cell: (e) => duration(span(e)), numeric: true },
];

export const chargingSessionColumns = (timeZone: string): FiguresColumn<ChargingSession>[] => [
  ...times<ChargingSession>(timeZone),
  { header: 'Charge', cell: (s) => `${percent(s.startCharge)} → ${percent(s.endCharge)}` },
  { header: 'Energy', cell: (s) => fixed(s.energyKwh, 2, 'kWh'), numeric: true },
  { header: 'Peak power', cell: (s) => fixed(s.peakPowerKw, 1, 'kW'), numeric: true },
  {
    header: 'Position',
    cell: (s) => (s.gpsLat === null || s.gpsLong === null ? '–' : `${s.gpsLat.toFixed(4)}, ${s.gpsLong.toFixed(4)}`),
  },
];

export const tripColumns = (timeZone: string): FiguresColumn<TripFigures>[] => [
  ...times<TripFigures>(timeZone),
  { header: 'Distance', cell: (t) => fixed(t.distanceMiles, 1, 'mi'), numeric: true },
  { header: 'Energy', cell: (t) => fixed(t.energyKwh, 2, 'kWh'), numeric: true },
  { header: 'Wh/mi', cell: (t) => fixed(t.whPerMile, 0), numeric: true },
  { header: 'Average speed', cell: (t) => fixed(t.averageSpeedMph, 1, 'mph'), numeric: true },
  { header: 'Charge used', cell: (t) => fixed(chargeUsed(t), 0, '%'), numeric: true },
];
