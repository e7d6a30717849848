import type { ChargingCost, FleetAnalyticsRow } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { costsText } from '../../components/format/costs';
import type { Format } from '../../components/format/format';

type NumericKey = {
  [K in keyof FleetAnalyticsRow]: FleetAnalyticsRow[K] extends number | null ? K : never;
}[keyof FleetAnalyticsRow];

/** Unknown figures sort after every known one, whichever way the column is sorted. */
function nullsLast(a: number | null, b: number | null, _nodeA: unknown, _nodeB: unknown, descending: boolean) {
  if (a === null || b === null) {
    if (a === b) return 0;
    // AG Grid reverses the comparator's answer for a descending sort; undo that for the unknowns.
    return (a === null ? 1 : -1) * (descending ? -1 : 1);
  }
  return a - b;
}

const numeric = (field: NumericKey, headerName: string, digits: number, format: Format): ColDef<FleetAnalyticsRow> => ({
  field,
  headerName,
  type: 'rightAligned',
  minWidth: 110,
  sortable: true,
  // The headers name their units; they wrap rather than lose them.
  wrapHeaderText: true,
  autoHeaderHeight: true,
  comparator: nullsLast,
  valueFormatter: ({ value }) => format.fixed(value as number | null, digits),
});

/** The fleet table of the analytics page; the workbook of api/analytics/fleet/xlsx has the same columns. */
export const fleetColumns = (t: TFunction<'analytics'>, format: Format): ColDef<FleetAnalyticsRow>[] => [
  // The rows arrive by name; the grid keeps that order until a header is clicked.
  { field: 'name', headerName: t('fleet.vehicle'), minWidth: 220, sortable: true },
  numeric('distanceMiles', t('fleet.distance'), 1, format),
  numeric('energyUsedKwh', t('fleet.energyUsed'), 1, format),
  numeric('energyChargedKwh', t('series.energyCharged'), 1, format),
  numeric('whPerMile', 'Wh/mi', 0, format),
  numeric('idleDrainPercentPerDay', t('fleet.idleDrain'), 2, format),
  numeric('stateOfHealthPercent', t('fleet.health'), 1, format),
  {
    field: 'chargingCosts',
    headerName: t('fleet.chargingCost'),
    type: 'rightAligned',
    minWidth: 130,
    sortable: true,
    wrapHeaderText: true,
    autoHeaderHeight: true,
    // Amounts in different currencies do not compare: a column sorts by its first currency's amount.
    comparator: (a: ChargingCost[], b: ChargingCost[], nodeA, nodeB, descending) =>
      nullsLast(a[0]?.cost ?? null, b[0]?.cost ?? null, nodeA, nodeB, descending),
    valueFormatter: ({ value }) => costsText(value as ChargingCost[], format),
  },
  numeric('depotHours', t('fleet.depotHours'), 1, format),
  numeric('plugInReminders', t('fleet.plugInReminders'), 0, format),
];
