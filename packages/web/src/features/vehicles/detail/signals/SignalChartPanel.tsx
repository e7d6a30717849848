import { Card, Center, Group, Loader, Select, Stack, Text, useMantineTheme } from '@mantine/core';
import { signalInfo, signalLabel, signalName, type SignalSeries, type Vehicle } from '@evfleet/domain';
import { useElementSize } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TimeSeriesChart, type TimeSeriesLine } from '../../../../components/charts/TimeSeriesChart';
import { useFormat } from '../../../../components/format/useFormat';
import { useDomainText } from '../../../../i18n/useDomainText';
import { useSignalSeries } from '../api/vehicle-analytics-api';
import { isChartSignal, signalOptions, withGaps } from './signal-choices';
import { pointsFor } from './signal-window';
import { useChosenWindow, WindowPicker, WindowSpan } from './SignalWindowControls';

/**
 * One signal over a span of time: its lowest and highest value per bucket as a band, about one
 * bucket a pixel. The signal is kept in the address (`?signal=`), so a reload draws the same chart.
 */
export function SignalChartPanel({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  const [signal, setSignal] = useSignalParam();
  const chosen = useChosenWindow();
  const { window } = chosen;
  // The card's width decides how many buckets to ask for; nothing is asked before it is known.
  const { ref, width } = useElementSize();
  const series = useSignalSeries(vehicle.id, width > 0 ? signal : null, window, pointsFor(width));
  const { x, lines } = useBandLines(series.data);

  return (
    <Card ref={ref} withBorder radius="md" padding="md" data-testid="signal-chart-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Select
            label={t('chart.signal')}
            placeholder={t('chart.choose')}
            description={signal ? domainText(signalInfo(signal)?.description) : undefined}
            data={signalOptions(domainText)}
            value={signal}
            onChange={setSignal}
            searchable
            w={240}
            data-testid="signal-select"
          />
          <WindowPicker chosen={chosen} />
        </Group>
        <WindowSpan chosen={chosen} timeZone={vehicle.timeZone} />
        {signal === null ? (
          <Center h={200}>
            <Text c="dimmed">{t('chart.prompt')}</Text>
          </Center>
        ) : (
          <SignalChartBody
            name={domainText(signalName(signal))}
            axis={domainText(signalLabel(signal))}
            loading={series.isFetching}
            failed={series.isError}
            readings={series.data?.readings}
            bucketMs={series.data?.bucketMs}
            x={x}
            lines={lines}
            span={[window.from, window.to]}
            timeZone={vehicle.timeZone}
            onSelectWindow={chosen.select}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The chosen signal, kept in the address (`?signal=`); an unknown one is no choice. */
function useSignalParam() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('signal');
  const setSignal = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('signal', value);
        else next.delete('signal');
        return next;
      },
      { replace: true },
    );
  return [isChartSignal(chosen) ? chosen : null, setSignal] as const;
}

/** The band's two lines, highest over lowest, with a gap wherever buckets are missing. */
function useBandLines(data: SignalSeries | undefined) {
  const { t } = useTranslation('vehicles');
  const theme = useMantineTheme();
  return useMemo(() => {
    if (!data) return { x: [], lines: [] };
    const gapped = withGaps(data.ts, data.min, data.max, data.bucketMs);
    const drawn: TimeSeriesLine[] = [
      { label: t('chart.highest'), values: gapped.max, color: theme.colors.blue[7] },
      { label: t('chart.lowest'), values: gapped.min, color: theme.colors.cyan[6] },
    ];
    return { x: gapped.x, lines: drawn };
  }, [data, theme, t]);
}

interface SignalChartBodyProps {
  name: string;
  /** The y axis: the name with the unit. */
  axis: string;
  loading: boolean;
  failed: boolean;
  readings: number | undefined;
  bucketMs: number | undefined;
  x: number[];
  lines: TimeSeriesLine[];
  span: [number, number];
  timeZone: string;
  onSelectWindow: (from: number, to: number) => void;
}

function SignalChartBody({ name, axis, loading, failed, readings, bucketMs, ...chart }: SignalChartBodyProps) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  if (readings === undefined || readings === 0) {
    return (
      <Center h={320} data-testid="signal-chart-empty">
        {readings === 0 ? (
          <Text c="dimmed">{t('chart.noReadings', { name })}</Text>
        ) : failed ? (
          <Text c="dimmed">{t('chart.failed')}</Text>
        ) : (
          <Loader size="sm" />
        )}
      </Center>
    );
  }
  return (
    <Stack gap={4} pos="relative">
      <Text size="xs" c="dimmed" data-testid="signal-summary">
        {t('chart.summary', { readings: format.number(readings, { max: 0 }), bucket: format.duration(bucketMs ?? 0) })}
      </Text>
      <TimeSeriesChart band={[0, 1]} yLabel={axis} testId="signal-chart" {...chart} />
      {loading && (
        <Center pos="absolute" inset={0} style={{ background: 'rgba(255,255,255,0.4)' }}>
          <Loader size="sm" />
        </Center>
      )}
    </Stack>
  );
}
