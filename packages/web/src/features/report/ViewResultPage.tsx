import { CAN_REPORT_PAGE_SIZES, canReportFileName, type ReportRow } from '@evfleet/domain';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { toast } from '../../notify/toast';
import { DataGrid } from '../../components/DataGrid';
import { PageSizeSelect } from '../../components/list/PageSizeSelect';
import { Pager } from '../../components/list/Pager';
import { CAN_REPORT, exportReport, useCanHistory, useReportSignals } from './api/can-report-api';
import { readCriteria, type ReportCriteria } from './criteria-store';
import { ExportOverlay } from './ExportOverlay';
import { FilterPicker } from './FilterPicker';
import { useFormat } from '../../components/format/useFormat';
import { useDomainText } from '../../i18n/useDomainText';
import { pickerText } from './report-format';
import { reportColumnDefs } from './reportColumns';
import { SaveTemplateModal } from './SaveTemplateModal';
import { signalOptions } from './signal-options';
import { useResultView } from './useResultView';

type ResultViewState = ReturnType<typeof useResultView>;

/** /report/view-result (part 2 §2 "View Result page"); without criteria it sends the user back (§8). */
export function ViewResultPage() {
  const { t } = useTranslation('report');
  const [criteria] = useState(readCriteria);
  useEffect(() => {
    // The id keeps React's development double render from toasting twice.
    if (!criteria) toast.error(t('result.noCriteria'), { toastId: 'can-report-no-criteria' });
  }, [criteria, t]);
  if (!criteria) return <Navigate to={ROUTES.canHistoryReport} replace />;
  return <ResultView initial={criteria} />;
}

function ResultView({ initial }: { initial: ReportCriteria }) {
  const { t } = useTranslation('report');
  const domainText = useDomainText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const view = useResultView(initial, t('result.noSignals'));
  const format = useFormat();
  const history = useCanHistory(view.filter);
  const download = useDownload(view);
  const [saving, setSaving] = useState(false);

  const result = history.data;
  const columns = useMemo(
    () => reportColumnDefs(result?.columns ?? [], { sort: view.sort, filters: 'typed', format, t, domainText }),
    [result?.columns, view.sort, format, t, domainText],
  );

  const back = () => {
    // §2: Back clears the results; the report page keeps the criteria to adjust.
    client.removeQueries({ queryKey: [CAN_REPORT, 'history'] });
    navigate(ROUTES.canHistoryReport);
  };

  const { name, vin, startDate, endDate } = view.criteria;
  return (
    <Box pos="relative">
      <ExportOverlay visible={download.exporting} />
      <Stack gap="md" p="md">
        <Group justify="space-between" wrap="wrap">
          <Group>
            <Button variant="default" onClick={back} data-testid="back">
              {t('result.back')}
            </Button>
            <Title order={2} data-testid="result-title">
              {t('result.title')}
            </Title>
          </Group>
          <ResultToolbar view={view} download={download} onSave={() => setSaving(true)} />
        </Group>
        <Text size="sm" c="dimmed" data-testid="result-criteria">
          {[name || vin, startDate && endDate && `${pickerText(startDate, format)} – ${pickerText(endDate, format)}`]
            .filter(Boolean)
            .join(' · ')}
          {view.columnsPending && t('result.pending')}
        </Text>
        <DataGrid<ReportRow>
          rows={result?.data}
          columns={columns}
          loading={history.isFetching || view.columnsPending}
          noRowsText={t('result.noResults')}
          onSortChange={(sort) => view.setSort(sort && { column: sort.colId, direction: sort.direction })}
          testId="result-grid"
        />
        <Pager page={view.page} size={view.pageSize} total={result?.totalCount ?? 0} onPageChange={view.setPage} />
      </Stack>
      <SaveTemplateModal opened={saving} criteria={view.criteria} onClose={() => setSaving(false)} />
    </Box>
  );
}

/** 'Download XLS': the whole report (every page) as a file, and whether it is on its way. */
function useDownload(view: ResultViewState) {
  const [exporting, setExporting] = useState(false);
  const start = async () => {
    setExporting(true);
    try {
      await exportReport({ ...view.filter, pageNo: 0 }, canReportFileName(view.criteria));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, start };
}

interface ResultToolbarProps {
  view: ResultViewState;
  download: ReturnType<typeof useDownload>;
  onSave: () => void;
}

/** What the result can be changed into or kept as: its columns, the page size, a template, a file. */
function ResultToolbar({ view, download, onSave }: ResultToolbarProps) {
  const { t } = useTranslation('report');
  const domainText = useDomainText();
  const signals = useReportSignals(view.criteria.vehiclesIds?.[0]);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Box w={320}>
        <FilterPicker
          label={t('result.columns')}
          multiple
          options={signalOptions(signals.data, domainText)}
          value={view.pickedColumns}
          onChange={view.pickColumns}
          placeholder={t('criteria.selectSettings')}
          filterPlaceholder={t('result.filterColumns')}
          testId="result-columns"
        />
      </Box>
      <PageSizeSelect value={view.pageSize} onChange={view.setPageSize} options={CAN_REPORT_PAGE_SIZES} />
      <Button variant="default" onClick={onSave} data-testid="save-template">
        {t('result.saveTemplate')}
      </Button>
      <Button onClick={download.start} loading={download.exporting} data-testid="download-xls">
        {t('result.downloadXls')}
      </Button>
    </Group>
  );
}
