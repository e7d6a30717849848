import {
  cellIndexOf,
  DATE_COLUMN,
  reportColumnOf,
  reportColumnsFor,
  SIGNAL_KEYS,
  VEHICLE_COLUMN,
  type SortType,
} from '@evfleet/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { canReading } from '../../../db/telemetry-schema.js';
import { STORED_SIGNALS, type StoredSignal } from '../../../readings/reading.js';

const STORED = new Set<string>(STORED_SIGNALS);
const REPORT_SIGNALS = new Set<string>(SIGNAL_KEYS);

/** A chosen signal as the query reads it: its display column, the SQL that yields its value and the column that holds it. */
export interface SelectedColumn {
  key: string;
  column: string;
  value: SQL;
  reads: PgColumn;
}

/**
 * Where a signal key's values live: its own column (the fixed signals, heading, cell-pack
 * temperature), one element of cells, or the extra jsonb of signals the catalogue does not know.
 */
export function valueOf(key: string): SQL {
  if (STORED.has(key)) return sql`${canReading[key as StoredSignal]}`;
  const cell = cellIndexOf(key);
  if (cell !== null) return sql`${canReading.cells}[${sql.raw(String(cell + 1))}]`;
  // Through text: jsonb's own cast to float8 goes through numeric and text anyway, and measured a fifth slower.
  return sql`(${canReading.extra} ->> ${key})::float8`;
}

/** The column of can_reading that holds a signal key's values. */
const columnOf = (key: string): PgColumn =>
  STORED.has(key) ? canReading[key as StoredSignal] : cellIndexOf(key) !== null ? canReading.cells : canReading.extra;

/** Keys a vehicle reported beyond the report's fixed signals (vehicle_state.values keeps every key). */
export const reportedExtraKeys = (stateKeys: readonly string[]) => stateKeys.filter((k) => !REPORT_SIGNALS.has(k));

/** The chosen signals in display order, each once. */
export function selectColumns(keys: readonly string[]): SelectedColumn[] {
  const byColumn = new Map(keys.map((key) => [reportColumnOf(key), key]));
  return reportColumnsFor(keys)
    .filter((c) => c !== DATE_COLUMN && c !== VEHICLE_COLUMN)
    .map((column) => {
      const key = byColumn.get(column)!;
      return { key, column, value: valueOf(key), reads: columnOf(key) };
    });
}

/**
 * ORDER BY of a report: the chosen column with empty values last, then time, so pages are stable.
 * Date and Vehicle (one vehicle per report) both sort by time alone, which the primary key serves.
 */
export function orderOf(sortBy: string, sortType: SortType, columns: readonly SelectedColumn[]): SQL {
  const dir = sql.raw(sortType === 'DESC' ? 'desc' : 'asc');
  const chosen = columns.find((c) => c.column === sortBy);
  if (!chosen) return sql`${canReading.ts} ${dir}`;
  return sql`${chosen.value} ${dir} nulls last, ${canReading.ts} ${dir}`;
}

/** Whether an order is by time only (an index-only walk of the primary key). */
export const isTimeOrder = (sortBy: string, columns: readonly SelectedColumn[]) =>
  !columns.some((c) => c.column === sortBy);
