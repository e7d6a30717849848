import { Button, Card, Center, Group, Loader, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeWindow } from '../../api/time-window';
import { useBlobDownload } from '../../api/useBlobDownload';
import { fetchVisitsXlsx, useVisits, type VisitsSource } from '../../api/zone-visits-api';
import { visitDays } from './visit-days';
import { ZoneVisitsTable, type VisitNames } from './ZoneVisitsTable';

/** The workbook's name, as the server names it. */
const FILE_NAME = 'Visits.xlsx';

interface ZoneVisitsCardProps {
  title: string;
  source: VisitsSource;
  window: TimeWindow;
  /** The zone the times and days are told in. */
  timeZone: string;
  names: VisitNames;
  /** Shown beside the export button, such as the period's picker. */
  controls?: ReactNode;
}

/** Zone visits in the chosen period, day by day with each day's totals, and their workbook. */
export function ZoneVisitsCard({ title, source, window, timeZone, names, controls }: ZoneVisitsCardProps) {
  const { t } = useTranslation('components');
  const visits = useVisits(source, window);
  const { downloading, download } = useBlobDownload(() => fetchVisitsXlsx(source, window), FILE_NAME);
  // An open visit lasts until the answer came; it grows with the next answer.
  const days = useMemo(
    () => visitDays(visits.data ?? [], timeZone, visits.dataUpdatedAt),
    [visits.data, visits.dataUpdatedAt, timeZone],
  );

  return (
    <Card withBorder radius="md" padding="md" data-testid="zone-visits">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={5}>{title}</Title>
        <Group align="flex-end" gap="sm">
          {controls}
          <Button
            size="xs"
            onClick={download}
            loading={downloading}
            disabled={days.length === 0}
            data-testid="zone-visits-export"
          >
            {t('visits.export')}
          </Button>
        </Group>
      </Group>
      {visits.data ? (
        days.length === 0 ? (
          <Text c="dimmed" size="sm" py="md" ta="center" data-testid="zone-visits-empty">
            {t(`visits.empty.${names}`)}
          </Text>
        ) : (
          <ZoneVisitsTable days={days} timeZone={timeZone} now={visits.dataUpdatedAt} names={names} />
        )
      ) : visits.isPending ? (
        <Center py="lg" data-testid="zone-visits-loading">
          <Loader size="sm" />
        </Center>
      ) : (
        <Text c="dimmed" size="sm">
          {t('visits.failed')}
        </Text>
      )}
    </Card>
  );
}
