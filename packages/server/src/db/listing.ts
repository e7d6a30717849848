import type { ListResponse, PageQuery } from '@evfleet/domain';
import { desc, getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.js';

/**
 * A column with its table's name, for correlated subqueries: Drizzle leaves a column bare in the
 * select list of a single-table query, where the subquery's own table would capture the name.
 */
export const qualified = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/**
 * Newest first. A search orders by an expression (id + 0), so PostgreSQL collects the matches from
 * the trigram indexes and sorts them instead of walking the primary key and testing every row
 * against the pattern: the planner underrates ILIKE's cost per row (three times slower for a term
 * matching 5% of 100,000 drivers; docs/performance.md, "People lists and searches").
 */
export const newestFirst = (id: PgColumn, term: string) => desc(term ? sql`${id} + 0` : id);

/**
 * The rows of a page whose ids a subquery chose: `= any(array(…))` makes PostgreSQL look each one up
 * by key (an IN subquery of 1,000 ids was planned as a scan of all 100,000 drivers).
 */
const amongIds = (id: PgColumn, ids: SQLWrapper) => sql`${id} = any(array(${ids}))`;

/** LIMIT and OFFSET of a 0-based page. */
const window = (page: PageQuery) => ({ limit: page.pageSize, offset: page.pageNo * page.pageSize });

/**
 * A page of what `where` matches in `table` and the count of all of it, read side by side; `rows`
 * reads the page's rows with the LIMIT and OFFSET given.
 */
export async function paged<Row>(
  db: Queryable,
  table: PgTable,
  where: SQL | undefined,
  page: PageQuery,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
) {
  const { limit, offset } = window(page);
  const [found, [{ count }]] = await Promise.all([
    rows(limit, offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(table)
      .where(where),
  ]);
  return { rows: found, total: count };
}

/**
 * A page chosen by id first, so a deep page skips bare index entries, not joined or computed rows:
 * the ids of what `where` matches in `order`, then `rowsAmong` reads the rows of those ids (given
 * the condition that picks them) in the same order.
 */
export const pagedByIds = <Row>(
  db: Queryable,
  id: PgColumn,
  where: SQL | undefined,
  order: SQL[],
  page: PageQuery,
  rowsAmong: (among: SQL) => PromiseLike<Row[]>,
) =>
  paged(db, id.table, where, page, (limit, offset) =>
    rowsAmong(
      amongIds(
        id,
        db
          .select({ id })
          .from(id.table)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    ),
  );

/** Case-insensitive substring match on any of the columns; LIKE's wildcards in the term are literal. */
export function matches(term: string, ...columns: PgColumn[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}

export const listOf = <Row, Item>(rows: Row[], total: number, present: (row: Row) => Item): ListResponse<Item> => ({
  data: rows.map(present),
  totalCount: total,
});
