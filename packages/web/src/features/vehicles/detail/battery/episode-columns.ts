import type { ChargingSession, TripFigures } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import { duration, fixed, zonedDateTime } from '../format';
import type { FiguresColumn } from './FiguresTable';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value)}%`);
const span = (e: { start: string; end: string }) => Date.parse(e.end) - Date.parse(e.start);

/** Percentage points of charge a trip used; null unless both ends are known. */
export const chargeUsed = (t: Pick<TripFigures, 'startCharge' | 'endCharge'>) =>
  t.startCharge === null || t.endCharge === null ? null : t.startCharge - t.endCharge;

type T = TFunction<'vehicles'>;

const times = <E extends { start: string; end: string }>(timeZone: string, t: T): FiguresColumn<E>[] => [
  { header: t('figure.start'), cell: (e) => zonedDateTime(e.start, timeZone) },
  { header: t('figure.end'), cell: (e) => zonedDateTime(e.end, timeZone) },
  { header: t('figure.duration'), cell: (e) => duration(span(e)), numeric: true },
];

export const chargingSessionColumns = (timeZone: string, t: T): FiguresColumn<ChargingSession>[] => [
  ...times<ChargingSession>(timeZone, t),
  { header: t('figure.charge'), cell: (s) => `${percent(s.startCharge)} → ${percent(s.endCharge)}` },
  { header: t('figure.energy'), cell: (s) => fixed(s.energyKwh, 2, 'kWh'), numeric: true },
  { header: t('figure.peakPower'), cell: (s) => fixed(s.peakPowerKw, 1, 'kW'), numeric: true },
  {
    header: t('figure.position'),
    cell: (s) => (s.gpsLat === null || s.gpsLong === null ? '–' : `${s.gpsLat.toFixed(4)}, ${s.gpsLong.toFixed(4)}`),
  },
];

export const tripColumns = (timeZone: string, t: T): FiguresColumn<TripFigures>[] => [
  ...times<TripFigures>(timeZone, t),
  { header: t('figure.distance'), cell: (trip) => fixed(trip.distanceMiles, 1, 'mi'), numeric: true },
  { header: t('figure.energy'), cell: (trip) => fixed(trip.energyKwh, 2, 'kWh'), numeric: true },
  { header: t('figure.whPerMile'), cell: (trip) => fixed(trip.whPerMile, 0), numeric: true },
  { header: t('figure.averageSpeed'), cell: (trip) => fixed(trip.averageSpeedMph, 1, 'mph'), numeric: true },
  { header: t('figure.chargeUsed'), cell: (trip) => fixed(chargeUsed(trip), 0, '%'), numeric: true },
];
