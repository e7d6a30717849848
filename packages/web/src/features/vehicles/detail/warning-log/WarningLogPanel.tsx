import { Button, Card, Collapse, Group, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { DataGrid } from '../../../../components/DataGrid';
import { useFormat } from '../../../../components/format/useFormat';
import { Pager } from '../../../../components/list/Pager';
import {
  fetchWarningLogsXlsx,
  useClearWarningLogs,
  useWarningLogs,
  WARNING_LOG_PAGE_SIZE,
} from '../api/vehicle-detail-api';
import { useBlobDownload } from '../../../../api/useBlobDownload';
import { useCan } from '../../../../session/useCan';
import { warningLogColumns } from './warningLogColumns';

/** §9: the warning log download's file name. */
const FILE_NAME = 'WarningLogs.xlsx';

/** 'Vehicle Warning Log' (part 2 §2): a collapsible, server-paged grid of WARNING and SEVERE entries. */
export function WarningLogPanel({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation('vehicles');
  const [open, setOpen] = useState(true);
  const [page, setPage] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const logs = useWarningLogs(vehicleId, page);
  const format = useFormat();
  const columns = useMemo(() => warningLogColumns(format, t), [format, t]);
  const clear = useClearWarningLogs(vehicleId);
  const mayClear = useCan('clearWarningLog');
  const total = logs.data?.totalCount ?? 0;

  const { downloading, download } = useBlobDownload(() => fetchWarningLogsXlsx(vehicleId), FILE_NAME);
  const confirmClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => setPage(0),
      onSettled: () => setConfirming(false),
    });

  return (
    <Card withBorder radius="md" padding="md" data-testid="warning-log">
      <Group justify="space-between">
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="warning-log-toggle">
          <Title order={4}>
            {open ? '▾' : '▸'} {t('log.title')}
          </Title>
        </UnstyledButton>
        <Group gap="xs">
          {mayClear && (
            <Button
              variant="default"
              size="xs"
              onClick={() => setConfirming(true)}
              disabled={total === 0}
              data-testid="clear-logs"
            >
              {t('log.clear')}
            </Button>
          )}
          <Button size="xs" onClick={download} loading={downloading} data-testid="download-logs">
            {t('log.download')}
          </Button>
        </Group>
      </Group>
      <Collapse in={open}>
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <DataGrid
            rows={logs.data?.data}
            columns={columns}
            loading={logs.isPending}
            noRowsText={t('log.noRows')}
            rowId={(e) => String(e.id)}
            testId="warning-log-grid"
          />
          <Pager page={page} size={WARNING_LOG_PAGE_SIZE} total={total} onPageChange={setPage} />
        </div>
      </Collapse>
      <ConfirmModal
        opened={confirming}
        title={t('log.clear')}
        onConfirm={confirmClear}
        onCancel={() => setConfirming(false)}
        busy={clear.isPending}
      >
        {t('log.clearQuestion')}
      </ConfirmModal>
    </Card>
  );
}
