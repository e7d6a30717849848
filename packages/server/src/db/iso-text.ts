import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** ISO 8601 text ('…Z') made by PostgreSQL: the drivers hand timestamps of a raw query back as their own text. */
export const isoText = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
