import type { AuditEvent, AuditQuery } from '@evfleet/domain';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditEvent } from '../../db/admin-schema.js';
import type { Db } from '../../db/client.js';
import type { AuditEntry } from './audit-rules.js';

const SORTS = { timestamp: auditEvent.at, principal: auditEvent.principal, type: auditEvent.type } as const;
const DAY_MS = 86_400_000;

export const auditsRepository = {
  async insert(db: Db, entry: AuditEntry & { remoteAddress: string | null }) {
    await db.insert(auditEvent).values(entry);
  },

  /** One page, newest first by default; fromDate and toDate are whole UTC days, both included. */
  async page(db: Db, q: AuditQuery): Promise<{ events: AuditEvent[]; total: number }> {
    const where: SQL[] = [];
    if (q.fromDate) where.push(gte(auditEvent.at, new Date(`${q.fromDate}T00:00:00Z`)));
    if (q.toDate) where.push(lt(auditEvent.at, new Date(Date.parse(`${q.toDate}T00:00:00Z`) + DAY_MS)));
    if (q.principal) where.push(sql`lower(${auditEvent.principal}) = lower(${q.principal})`);
    if (q.type) where.push(eq(auditEvent.type, q.type));
    const [field, direction] = q.sort.split(',') as [keyof typeof SORTS, string | undefined];
    const order = direction === 'asc' ? asc(SORTS[field]) : desc(SORTS[field]);
    const condition = where.length ? and(...where) : undefined;
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(auditEvent)
        .where(condition)
        .orderBy(order, desc(auditEvent.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.$count(auditEvent, condition),
    ]);
    return {
      events: rows.map((r) => ({
        id: r.id,
        principal: r.principal,
        type: r.type,
        timestamp: r.at.toISOString(),
        remoteAddress: r.remoteAddress,
        data: r.data,
      })),
      total,
    };
  },
};
