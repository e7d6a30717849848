import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditEntryOf } from './audit-rules.js';
import { auditsRepository } from './audits.repository.js';

/**
 * Writes the audit trail after each response (audit-rules.ts says which requests count). Written
 * after the reply is sent, so auditing never slows a call down or fails it; a failed write is logged.
 */
export function installAuditTrail(app: FastifyInstance, db: Db) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route || request.method === 'GET' && !route.startsWith('/api/')) return;
    const entry = auditEntryOf({
      method: request.method,
      route,
      status: reply.statusCode,
      body: request.body,
      query: request.query,
      params: request.params,
      login: request.user?.login ?? null,
    });
    if (!entry) return;
    try {
      await auditsRepository.insert(db, { ...entry, remoteAddress: request.ip });
    } catch (err) {
      request.log.error({ err, audit: entry.type }, 'audit write failed');
    }
  });
}
