import { sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.js';

/**
 * Monthly partitions of can_reading, created ahead of time and on demand for late readings, and
 * dropped past the retention period. Creation is idempotent, so several instances may race.
 */
export interface SqlRunner {
  query(text: string): Promise<unknown>;
  rows<T>(text: string): Promise<T[]>;
}

const monthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (start: number) => {
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const partitionName = (start: number) => {
  const d = new Date(start);
  return `can_reading_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** SQL: the names of can_reading's partitions. */
export const PARTITIONS_SQL = `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'can_reading'`;

/** The start of the month a partition's name covers, null for another name. */
export function partitionMonth(name: string): number | null {
  const m = /^can_reading_y(\d{4})m(\d{2})$/.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) : null;
}
/** The end of the month a partition's name covers, null for another name. */
export const partitionEnd = (name: string) => {
  const start = partitionMonth(name);
  return start === null ? null : nextMonth(start);
};

export function createPartitionManager(sql: SqlRunner) {
  const known = new Set<number>();

  const create = async (start: number) => {
    if (known.has(start)) return;
    const from = new Date(start).toISOString();
    const to = new Date(nextMonth(start)).toISOString();
    try {
      await sql.query(
        `create table if not exists ${partitionName(start)} partition of can_reading for values from ('${from}') to ('${to}')`,
      );
    } catch (err) {
      // Another instance created it between our check and our create (42P07), or at the same time
      // (23505: its type's name was taken first).
      const code = sqlStateOf(err);
      if (code !== '42P07' && code !== UNIQUE_VIOLATION) throw err;
    }
    known.add(start);
  };

  return {
    /** Makes sure every month these timestamps fall in has its partition. */
    async ensureFor(timestamps: Iterable<number>) {
      const months = new Set<number>();
      // Readings of a batch are nearly all in one month: only a time outside the last month seen
      // costs a Date (this runs for every reading).
      let from = 0;
      let to = 0;
      for (const ts of timestamps) {
        if (ts >= from && ts < to) continue;
        from = monthStart(ts);
        to = nextMonth(from);
        months.add(from);
      }
      for (const m of months) await create(m);
    },
    /** This month and the next `ahead` ones. */
    async ensureAhead(now: number, ahead = 2) {
      let m = monthStart(now);
      for (let i = 0; i <= ahead; i++, m = nextMonth(m)) await create(m);
    },
    /** Drops partitions that end before now - retentionDays; returns their names. */
    async dropOlderThan(now: number, retentionDays: number) {
      const cutoff = now - retentionDays * 86_400_000;
      const parts = await sql.rows<{ name: string }>(PARTITIONS_SQL);
      const dropped: string[] = [];
      for (const { name } of parts) {
        const start = partitionMonth(name);
        if (start !== null && nextMonth(start) <= cutoff) {
          await sql.query(`drop table if exists ${name}`);
          known.delete(start);
          dropped.push(name);
        }
      }
      return dropped;
    },
  };
}
export type PartitionManager = ReturnType<typeof createPartitionManager>;
