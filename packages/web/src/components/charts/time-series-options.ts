import uPlot from 'uplot';
import type { Format } from '../format/format';

const DAY_MS = 86_400_000;

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

/** What the chart looks like: everything that rebuilds it when it changes. */
export interface ChartShape {
  /** Each line's legend label and colour (its values are the chart's data, not its shape). */
  lines: readonly { label: string; color: string }[];
  band: readonly [upper: number, lower: number] | undefined;
  yLabel: string;
  timeZone: string | undefined;
  height: number;
  scheme: keyof typeof AXIS_COLOURS;
  /** The cursor's label of the time. */
  timeLabel: string;
  format: Pick<Format, 'locale' | 'hourCycle'>;
}

/** What the chart asks of its caller while it lives: the latest span shown, and a dragged selection. */
export interface ChartCallbacks {
  span: () => readonly [from: number, to: number] | undefined;
  onSelect: (from: number, to: number) => void;
}

/**
 * The uPlot options of a chart: times on x in the chart's zone, the value axis labelled, one
 * stroke a line and the band between two. Dragging selects a span and reports it, zooming nothing.
 */
export function timeSeriesOptions(
  width: number,
  { lines, band, yLabel, timeZone, height, scheme, timeLabel, format }: ChartShape,
  { span, onSelect }: ChartCallbacks,
): uPlot.Options {
  const times = timeFormats(timeZone, format);
  const { stroke, grid } = AXIS_COLOURS[scheme];
  const axis = { stroke, grid: { stroke: grid }, ticks: { stroke: grid } };
  return {
    width,
    height,
    ms: 1,
    tzDate: timeZone ? (ts) => uPlot.tzDate(new Date(ts), timeZone) : undefined,
    cursor: { drag: { x: true, y: false, setScale: false } },
    scales: {
      x: {
        time: true,
        range: (_u, min, max) => {
          const shown = span();
          return shown ? [shown[0], shown[1]] : [min, max];
        },
      },
    },
    axes: [
      {
        ...axis,
        values: (u, splits) => {
          const shown = (u.scales.x.max ?? 0) - (u.scales.x.min ?? 0);
          return splits.map((ts) => times.tick(ts, shown));
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
          onSelect(from, to);
        },
      ],
    },
  };
}
