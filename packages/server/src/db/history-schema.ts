import { CELL_VOLTAGE_DECIMALS, MAX_CELLS, SIGNAL_DECIMALS, SIGNAL_RANGES } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';
import { canReading } from './telemetry-schema.js';

type SignalKey = keyof typeof SIGNAL_DECIMALS;

/**
 * How compacted history keeps each signal of can_reading: as an integer at the signal's resolution
 * (domain/signals.ts), a smallint where its range fits at it, else an int; `scale` turns one into
 * the other.
 */
export const COMPACT_SIGNALS = (Object.keys(SIGNAL_DECIMALS) as SignalKey[]).map((key) => {
  const scale = 10 ** SIGNAL_DECIMALS[key];
  const { min, max } = SIGNAL_RANGES[key];
  const widest = Math.max(Math.abs(min), Math.abs(max)) * scale;
  if (widest > 2 ** 31 - 1) throw new Error(`${key} does not fit an int at its resolution`);
  return {
    key,
    /** can_reading's column, and the compacted row's array of integers. */
    column: canReading[key].name,
    /** The compacted row's array of the values not at the resolution, as stored (null where the integer holds). */
    exactColumn: `${canReading[key].name}_exact`,
    scale,
    type: widest <= 32_767 ? ('smallint' as const) : ('int' as const),
  };
});
export type CompactSignal = (typeof COMPACT_SIGNALS)[number];
/** A cell's voltage in the compacted row: millivolts. */
export const CELL_SCALE = 10 ** CELL_VOLTAGE_DECIMALS;
/** The compacted row's array of cell `i` (from 0) of each reading. */
export const cellColumn = (i: number) => `cell${i + 1}`;

const signalArrays = Object.fromEntries(
  COMPACT_SIGNALS.flatMap((s) => [
    [s.column, (s.type === 'smallint' ? smallint(s.column) : integer(s.column)).array()],
    [s.exactColumn, doublePrecision(s.exactColumn).array()],
  ]),
);
/**
 * The compacted row's arrays of a signal's lowest and highest value in each minute of the day, as
 * its readings' (an integer at the resolution, and the value as stored where it is not at it).
 */
export const minuteColumns = (s: CompactSignal) => ({
  low: `${s.column}_low`,
  lowExact: `${s.column}_low_exact`,
  high: `${s.column}_high`,
  highExact: `${s.column}_high_exact`,
});
const minuteArrays = Object.fromEntries(
  COMPACT_SIGNALS.flatMap((s) => {
    const { low, lowExact, high, highExact } = minuteColumns(s);
    const integers = (name: string) => (s.type === 'smallint' ? smallint(name) : integer(name)).array();
    return [
      [low, integers(low)],
      [lowExact, doublePrecision(lowExact).array()],
      [high, integers(high)],
      [highExact, doublePrecision(highExact).array()],
    ];
  }),
);

const cellArrays = Object.fromEntries(
  Array.from({ length: MAX_CELLS }, (_, i) => [cellColumn(i), smallint(cellColumn(i)).array()]),
);

/**
 * The readings of one vehicle and UTC day past the hot window, in columns (docs/operations.md,
 * "History"): each array holds one element per reading, in time order, and PostgreSQL's TOAST
 * compresses each. A reading reads back exactly as can_reading held it (db/reading-history.ts).
 */
export const readingDay = pgTable(
  'reading_day',
  {
    vehicleId: integer('vehicle_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** How many readings the row holds. */
    readings: integer('readings').notNull(),
    /** Each reading's time: milliseconds from the day's start. */
    ms: integer('ms').array().notNull(),
    ...signalArrays,
    /** Each reading's number of cells, null for a reading without cells. */
    cellCount: smallint('cell_count').array(),
    ...cellArrays,
    /** A reading's cells as stored (`{…}`) where one of them is not at the cells' resolution. */
    cellsExact: text('cells_exact').array(),
    /** Each reading's unknown signals, null for none; the array is null when no reading of the day has any. */
    extra: jsonb('extra').array(),
    /**
     * The chart's summary of the day, as signal_minute keeps it for hot readings: each minute with
     * a reading (from the day's start), its readings, and each signal's extremes in it. Null only
     * in a row compacted before the summary was kept, until compaction summarizes it.
     */
    minutes: smallint('minutes').array(),
    minuteReadings: integer('minute_readings').array(),
    ...minuteArrays,
    compactedAt: instant('compacted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.day] }),
    // The days compacted before the row kept the chart's summary, which the job summarizes: empty
    // once it has, so looking for them each hour costs nothing rather than a scan of every day.
    index('reading_day_unsummarized')
      .on(t.vehicleId)
      .where(sql`minutes is null`),
  ],
);
