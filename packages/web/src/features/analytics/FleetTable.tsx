import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlobDownload } from '../../api/useBlobDownload';
import { DataGrid } from '../../components/DataGrid';
import { useFormat } from '../../components/format/useFormat';
import { AnalyticsCard } from './AnalyticsCard';
import { fetchFleetXlsx, useFleetAnalytics } from './api/analytics-api';
import { fleetColumns } from './fleetColumns';
import { FleetTotalsBar } from './FleetTotalsBar';
import type { DayPeriod } from './period';

/** The workbook's name, as the server names it. */
const FILE_NAME = 'Analytics.xlsx';

/** Each visible vehicle's figures over the period and their totals, sortable, with the same table as a workbook. */
export function FleetTable({ period, subtitle }: { period: DayPeriod; subtitle: string }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const columns = useMemo(() => fleetColumns(t, format), [t, format]);
  const fleet = useFleetAnalytics(period);
  const { downloading, download } = useBlobDownload(() => fetchFleetXlsx(period), FILE_NAME);

  return (
    <AnalyticsCard
      title={t('fleet.title')}
      subtitle={subtitle}
      action={
        <Button size="xs" onClick={download} loading={downloading} data-testid="analytics-export">
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
      <FleetTotalsBar rows={fleet.data ?? []} />
      <DataGrid
        rows={fleet.data}
        columns={columns}
        rowId={(row) => String(row.vehicleId)}
        testId="analytics-fleet-grid"
      />
    </AnalyticsCard>
  );
}
