import 'uplot/dist/uPlot.min.css';
import { Box, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format/useFormat';
import uPlot from 'uplot';
import { timeSeriesOptions, type ChartShape } from './time-series-options';

export interface TimeSeriesLine {
  label: string;
  /** One value a time of `x`; null leaves a gap in the line. */
  values: readonly (number | null)[];
  /** A hex colour ('#1971c2'): the canvas takes no CSS variables. */
  color: string;
}

export interface TimeSeriesChartProps {
  /** Epoch ms, ascending. */
  x: readonly number[];
  lines: readonly TimeSeriesLine[];
  /** Fill between two lines (indices into `lines`, upper first): a min..max band. */
  band?: readonly [upper: number, lower: number];
  /** The time span shown (epoch ms); the data's own when absent. */
  span?: readonly [from: number, to: number];
  /** The value axis' label, e.g. 'Speed (mph)'. */
  yLabel: string;
  /** The zone the time axis and the legend speak (an IANA name); the browser's when absent. */
  timeZone?: string;
  height?: number;
  /** Told the time span the user selected by dragging across the chart. */
  onSelectWindow?: (from: number, to: number) => void;
  testId?: string;
}

const FALLBACK_WIDTH = 600;

/**
 * uPlot for long series (thousands of points a line draw in a few milliseconds on a canvas): it is
 * built when the chart's shape changes, fed new data in place, sized to its container and destroyed
 * on unmount. Drag-selecting a span reports it (the caller asks the server for finer data) instead
 * of zooming into the coarse points already drawn.
 */
export function TimeSeriesChart({
  x,
  lines,
  band,
  span,
  yLabel,
  timeZone,
  height = 320,
  onSelectWindow,
  testId,
}: TimeSeriesChartProps) {
  const { t } = useTranslation('components');
  const { locale, hourCycle } = useFormat();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const data: uPlot.AlignedData = [x as number[], ...lines.map((l) => l.values as (number | null)[])];
  // The latest data and callbacks, read by the chart built once per shape below.
  const latest = useRef({ data, span, onSelectWindow });
  latest.current = { data, span, onSelectWindow };

  // What decides the chart's shape; data alone does not rebuild it.
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const shape: ChartShape = {
    lines: lines.map(({ label, color }) => ({ label, color })),
    band,
    yLabel,
    timeZone,
    height,
    scheme,
    timeLabel: t('chart.time'),
    format: { locale, hourCycle },
  };
  const shapeKey = JSON.stringify(shape);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const options = timeSeriesOptions(element.clientWidth || FALLBACK_WIDTH, shape, {
      span: () => latest.current.span,
      onSelect: (from, to) => latest.current.onSelectWindow?.(from, to),
    });
    const u = new uPlot(options, latest.current.data, element);
    chart.current = u;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry.contentRect.width);
      if (next <= 0 || next === u.width) return;
      u.setSize({ width: next, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      u.destroy();
      chart.current = null;
    };
    // `shapeKey` stands for every value read here but the data and callbacks (read through `latest`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shapeKey]);

  // New data, or a new span over the same data (drawn at once while finer data loads).
  const [spanFrom, spanTo] = span ?? [];
  useEffect(() => {
    chart.current?.setData(latest.current.data);
  }, [x, lines, spanFrom, spanTo]);

  return <Box ref={container} w="100%" data-testid={testId} />;
}
