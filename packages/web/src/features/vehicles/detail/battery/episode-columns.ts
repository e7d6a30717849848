import type { ChargingSession, TripFigures } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import type { Format } from '../../../../components/format/format';
import { costText } from '../../../../components/format/costs';
import { NONE } from '../../../../components/format/figures';
import type { FiguresColumn } from './FiguresTable';

const span = (e: { start: string; end: string }) => Date.parse(e.end) - Date.parse(e.start);

/** Percentage points of charge a trip used; null unless both ends are known. */
export const chargeUsed = (t: Pick<TripFigures, 'startCharge' | 'endCharge'>) =>
  t.startCharge === null || t.endCharge === null ? null : t.startCharge - t.endCharge;

type T = TFunction<'vehicles'>;

/** The vehicle's zone, whose clock its episodes are told in, and how the user reads figures. */
interface Telling {
  timeZone: string;
  format: Format;
  t: T;
}

const times = <E extends { start: string; end: string }>({ timeZone, format, t }: Telling): FiguresColumn<E>[] => [
  { header: t('figure.start'), cell: (e) => format.dateTime(e.start, { timeZone }) },
  { header: t('figure.end'), cell: (e) => format.dateTime(e.end, { timeZone }) },
  { header: t('figure.duration'), cell: (e) => format.duration(span(e)), numeric: true },
];

export const chargingSessionColumns = (telling: Telling): FiguresColumn<ChargingSession>[] => {
  const { format, t } = telling;
  const percent = (value: number | null) => (value === null ? NONE : `${format.number(value, { max: 0 })}%`);
  // A position is told to 4 decimals (about 10 m); where the decimal mark is a comma, a semicolon parts the two.
  const degrees = (value: number) => format.number(value, { min: 4, max: 4 });
  const between = format.number(0.5).includes(',') ? '; ' : ', ';
  return [
    ...times<ChargingSession>(telling),
    { header: t('figure.charge'), cell: (s) => `${percent(s.startCharge)} → ${percent(s.endCharge)}` },
    { header: t('figure.energy'), cell: (s) => format.fixed(s.energyKwh, 2, 'kWh'), numeric: true },
    { header: t('figure.peakPower'), cell: (s) => format.fixed(s.peakPowerKw, 1, 'kW'), numeric: true },
    { header: t('figure.cost'), cell: (s) => costText(s.cost, s.currency, format), numeric: true },
    {
      header: t('figure.position'),
      cell: (s) =>
        s.gpsLat === null || s.gpsLong === null ? NONE : `${degrees(s.gpsLat)}${between}${degrees(s.gpsLong)}`,
    },
  ];
};

export const tripColumns = (telling: Telling): FiguresColumn<TripFigures>[] => {
  const { format, t } = telling;
  return [
    ...times<TripFigures>(telling),
    { header: t('figure.distance'), cell: (trip) => format.fixed(trip.distanceMiles, 1, 'mi'), numeric: true },
    { header: t('figure.energy'), cell: (trip) => format.fixed(trip.energyKwh, 2, 'kWh'), numeric: true },
    { header: t('figure.whPerMile'), cell: (trip) => format.fixed(trip.whPerMile, 0), numeric: true },
    { header: t('figure.averageSpeed'), cell: (trip) => format.fixed(trip.averageSpeedMph, 1, 'mph'), numeric: true },
    { header: t('figure.chargeUsed'), cell: (trip) => format.fixed(chargeUsed(trip), 0, '%'), numeric: true },
  ];
};
