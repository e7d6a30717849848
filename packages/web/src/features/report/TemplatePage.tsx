import {
  CAN_REPORT_DEFAULT_PAGE_SIZE,
  CAN_REPORT_PAGE_SIZES,
  SAVED_TEMPLATE_FILE_NAME,
  type ReportRow,
  type TemplateResult,
} from '@evfleet/domain';
import { Alert, Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { DataGrid } from '../../components/DataGrid';
import { PageSizeSelect } from '../../components/list/PageSizeSelect';
import { exportReport, useTemplateReport } from './api/can-report-api';
import { ExportOverlay } from './ExportOverlay';
import { useFormat } from '../../components/format/useFormat';
import { useDomainText } from '../../i18n/useDomainText';
import { pickerText, templateInstant } from './report-format';
import { reportColumnDefs } from './reportColumns';
import { TemplatePager } from './TemplatePager';
import { TEMPLATE_ID_PARAM } from './template-link';
import { TemplateSchedule } from './TemplateSchedule';

/** The template's criteria for the export: §9 appends '.000Z' to its dates. */
function exportFilter({ columns, startDate, endDate, vehiclesIds }: TemplateResult['templateDate']) {
  return { columns, vehiclesIds, startDate: templateInstant(startDate), endDate: templateInstant(endDate) };
}

/** /report/template?id= (part 2 §2 "Saved template page"). */
export function TemplatePage() {
  const { t } = useTranslation('report');
  const domainText = useDomainText();
  const [params] = useSearchParams();
  const raw = Number(params.get(TEMPLATE_ID_PARAM));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(CAN_REPORT_DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const report = useTemplateReport(id, page, pageSize);

  const rows = report.data?.reportData.data;
  // §2: the columns are those of the first row, every one filterable by its text.
  const format = useFormat();
  const columns = useMemo(
    () => reportColumnDefs(rows?.[0] ? Object.keys(rows[0]) : [], { filters: 'text', format, t, domainText }),
    [rows, format, t, domainText],
  );
  const template = report.data?.templateDate;

  const download = async () => {
    if (!template) return;
    setExporting(true);
    try {
      await exportReport(exportFilter(template), SAVED_TEMPLATE_FILE_NAME);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box pos="relative">
      <ExportOverlay visible={exporting} />
      <Stack gap="md" p="md">
        <Anchor component={Link} to={ROUTES.canHistoryReport} data-testid="back">
          {t('template.back')}
        </Anchor>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} data-testid="template-title">
            {template?.templateName ?? (report.isError || id === null ? t('template.fallbackTitle') : '…')}
          </Title>
          <Group gap="sm">
            <PageSizeSelect
              value={pageSize}
              onChange={(size) => {
                setPageSize(size);
                setPage(0);
              }}
              options={CAN_REPORT_PAGE_SIZES}
            />
            <Button onClick={download} disabled={!template} loading={exporting} data-testid="download-xls">
              {t('result.downloadXls')}
            </Button>
          </Group>
        </Group>
        {template && (
          <Text size="sm" c="dimmed" data-testid="template-criteria">
            {pickerText(templateInstant(template.startDate), format)} –{' '}
            {pickerText(templateInstant(template.endDate), format)}
          </Text>
        )}
        {(id === null || report.isError) && <Alert color="red">{t('template.loadFailed')}</Alert>}
        {id !== null && !report.isError && (
          <>
            <DataGrid<ReportRow>
              rows={rows}
              columns={columns}
              loading={report.isFetching}
              noRowsText={t('result.noResults')}
              testId="template-grid"
            />
            <TemplatePager
              page={page}
              size={pageSize}
              total={report.data?.reportData.totalCount ?? 0}
              onPageChange={setPage}
            />
            <TemplateSchedule templateId={id} />
          </>
        )}
      </Stack>
    </Box>
  );
}
