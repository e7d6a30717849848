import type { FleetAnalyticsRow } from '@evfleet/domain';
import type { ColDef } from 'ag-grid-community';
import { figure } from './format';

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

const numeric = (field: NumericKey, headerName: string, digits: number): ColDef<FleetAnalyticsRow> => ({
  field,
  headerName,
  type: 'rightAligned',
  minWidth: 110,
  sortable: true,
  // The headers name their units; they wrap rather than lose them.
  wrapHeaderText: true,
  autoHeaderHeight: true,
  comparator: nullsLast,
  valueFormatter: ({ value }) => figure(value as number | null, digits),
});

/** The fleet table of the analytics page; the workbook of api/analytics/fleet/xlsx has the same columns. */
export const fleetColumns: ColDef<FleetAnalyticsRow>[] = [
  // The rows arrive by name; the grid keeps that order until a header is clicked.
  { field: 'name', headerName: 'Vehicle', minWidth: 220, sortable: true },
  numeric('distanceMiles', 'Distance (mi)', 1),
  numeric('energyUsedKwh', 'Energy used (kWh)', 1),
  numeric('energyChargedKwh', 'Energy charged (kWh)', 1),
  numeric('whPerMile', 'Wh/mi', 0),
  numeric('idleDrainPercentPerDay', 'Idle drain (%/day)', 2),
  numeric('stateOfHealthPercent', 'State of health (%)', 1),
];
