import 'uplot/dist/uPlot.min.css';
import { Box, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Format } from '../format/format';
import { useFormat } from '../format/useFormat';
import uPlot from 'uplot';

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
const DAY_MS = 86_400_000;

/** Times as the portal writes them (24-hour, day first), in the chart's zone. */
/** The axis and the cursor's times, in the user's language and clock (components/format). */
function timeFormats(timeZone: string | undefined, { locale, hourCycle }: Pick<Format, 'locale' | 'hourCycle'>) {
  const make = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone, hourCycle: hourCycle === '12h' ? 'h12' : 'h23', ...options });
  const clock = make({ hour: '2-digit', minute: '2-digit' });
  const dayAndClock = make({ day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
  const full = make({ dateStyle: 'short', timeStyle: 'medium' });
  return {
    /** A tick: the clock within a day, with the date over longer spans. */
    tick: (ts: number, spanMs: number) => (spanMs <= DAY_MS ? clock : dayAndClock).format(ts).replace(',', ''),
    full: (ts: number) => full.format(ts).replace(',', ''),
  };
}
/** Axis text and grid lines in each colour scheme (the canvas takes no CSS variables). */
const AXIS_COLOURS = {
  light: { stroke: '#495057', grid: 'rgba(0,0,0,0.08)' },
  dark: { stroke: '#c9c9c9', grid: 'rgba(255,255,255,0.1)' },
} as const;

/** The band: its upper line's colour at a quarter opacity (#rrggbbaa). */
const bandFill = (color: string) => `${color}40`;

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
  const timeLabel = t('chart.time');
  const { locale, hourCycle } = useFormat();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const data: uPlot.AlignedData = [x as number[], ...lines.map((l) => l.values as (number | null)[])];
  // The latest data and callbacks, read by the chart built once per shape below.
  const latest = useRef({ data, span, onSelectWindow });
  latest.current = { data, span, onSelectWindow };

  // What decides the chart's shape; data alone does not rebuild it.
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const shape = JSON.stringify({
    lines: lines.map((l) => [l.label, l.color]),
    band,
    yLabel,
    timeZone,
    height,
    scheme,
    timeLabel,
    locale,
    hourCycle,
  });
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = element.clientWidth || FALLBACK_WIDTH;
    const times = timeFormats(timeZone, { locale, hourCycle });
    const { stroke, grid } = AXIS_COLOURS[scheme];
    const axis = { stroke, grid: { stroke: grid }, ticks: { stroke: grid } };
    const options: uPlot.Options = {
      width,
      height,
      ms: 1,
      tzDate: timeZone ? (ts) => uPlot.tzDate(new Date(ts), timeZone) : undefined,
      cursor: { drag: { x: true, y: false, setScale: false } },
      scales: {
        x: {
          time: true,
          range: (_u, min, max) =>
            latest.current.span ? [latest.current.span[0], latest.current.span[1]] : [min, max],
        },
      },
      axes: [
        {
          ...axis,
          values: (u, splits) => {
            const span = (u.scales.x.max ?? 0) - (u.scales.x.min ?? 0);
            return splits.map((ts) => times.tick(ts, span));
          },
        },
        { ...axis, label: yLabel, size: 60 },
      ],
      series: [
        { label: timeLabel, value: (_u, ts) => (ts == null ? '--' : times.full(ts)) },
        ...lines.map((line) => ({ label: line.label, stroke: line.color, width: 1.5 })),
      ],
      bands: band ? [{ series: [band[0] + 1, band[1] + 1], fill: bandFill(lines[band[0]].color) }] : undefined,
      hooks: {
        setSelect: [
          (u) => {
            if (u.select.width <= 0) return;
            const from = u.posToVal(u.select.left, 'x');
            const to = u.posToVal(u.select.left + u.select.width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            latest.current.onSelectWindow?.(from, to);
          },
        ],
      },
    };
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
    // `shape` stands for every value read here but the data and callbacks (read through `latest`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape]);

  // New data, or a new span over the same data (drawn at once while finer data loads).
  const [spanFrom, spanTo] = span ?? [];
  useEffect(() => {
    chart.current?.setData(latest.current.data);
  }, [x, lines, spanFrom, spanTo]);

  return <Box ref={container} w="100%" data-testid={testId} />;
}
