import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../api/save-blob';
import { DataGrid } from '../../components/DataGrid';
import { useFormat } from '../../components/format/useFormat';
import { AnalyticsCard } from './AnalyticsCard';
import { fetchFleetXlsx, useFleetAnalytics } from './api/analytics-api';
import { fleetColumns } from './fleetColumns';
import type { DayPeriod } from './period';

/** The workbook's name, as the server names it. */
const FILE_NAME = 'Analytics.xlsx';

/** Each visible vehicle's figures over the period, sortable, with the same table as a workbook. */
export function FleetTable({ period, subtitle }: { period: DayPeriod; subtitle: string }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const columns = useMemo(() => fleetColumns(t, format), [t, format]);
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
      title={t('fleet.title')}
      subtitle={subtitle}
      action={
        <Button size="xs" onClick={exportTable} loading={exporting} data-testid="analytics-export">
          {t('fleet.export')}
        </Button>
      }
      loading={fleet.isPending}
      failed={fleet.isError}
      empty={fleet.data?.length === 0}
      emptyText={t('card.noVehicles')}
      height={200}
      testId="analytics-fleet"
    >
      <DataGrid
        rows={fleet.data}
        columns={columns}
        rowId={(row) => String(row.vehicleId)}
        testId="analytics-fleet-grid"
      />
    </AnalyticsCard>
  );
}
