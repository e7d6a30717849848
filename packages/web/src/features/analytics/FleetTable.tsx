import { Button } from '@mantine/core';
import { useState } from 'react';
import { saveBlob } from '../../api/save-blob';
import { DataGrid } from '../../components/DataGrid';
import { AnalyticsCard } from './AnalyticsCard';
import { fetchFleetXlsx, useFleetAnalytics } from './api/analytics-api';
import { fleetColumns } from './fleetColumns';
import type { DayPeriod } from './period';

/** The workbook's name, as the server names it. */
const FILE_NAME = 'Analytics.xlsx';

/** Each visible vehicle's figures over the period, sortable, with the same table as a workbook. */
export function FleetTable({ period, subtitle }: { period: DayPeriod; subtitle: string }) {
  const fleet = useFleetAnalytics(period);
  const [exporting, setExporting] = useState(false);

  const exportTable = async () => {
    setExporting(true);
    try {
      saveBlob(await fetchFleetXlsx(period), FILE_NAME);
    } catch {
      // The HTTP client has told the user why (§8 toasts); nothing is left to do here.
    } finally {
      setExporting(false);
    }
  };

  return (
    <AnalyticsCard
      title="Fleet"
      subtitle={subtitle}
      action={
        <Button size="xs" onClick={exportTable} loading={exporting} data-testid="analytics-export">
          Export
        </Button>
      }
      loading={fleet.isPending}
      failed={fleet.isError}
      empty={fleet.data?.length === 0}
      emptyText="No vehicles to show."
      height={200}
      testId="analytics-fleet"
    >
      <DataGrid
        rows={fleet.data}
        columns={fleetColumns}
        rowId={(row) => String(row.vehicleId)}
        testId="analytics-fleet-grid"
      />
    </AnalyticsCard>
  );
}
