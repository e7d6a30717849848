import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A raw select list of these columns (or expressions) under their property names, as Drizzle would
 * name them: for queries its builder cannot write (a lateral join on a JSON record set) or whose
 * rows are read without its row mapping.
 */
export const namedColumns = (columns: Record<string, AnyColumn | SQL>) =>
  sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
