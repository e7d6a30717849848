import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditEntryOf } from './audit-rules.js';
import { auditsRepository } from './audits.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The account (its login) or the vehicle a call acts on, when the request does not name it (a
     * reset key, an activation key, an id): set by the route, written as the audit row's `subject`.
     */
    auditSubject: string | null;
  }
}

export interface AuditTrail {
  /** Resolves when every audit row of the requests answered so far is written (or its failure logged). */
  settled(): Promise<void>;
}

/**
 * Writes the audit trail after each response (audit-rules.ts says which requests count). Written
 * after the reply is sent, so auditing never slows a call down or fails it; a failed write is logged.
 * Closing the app waits for the rows still being written, so a shutdown loses none.
 */
export function installAuditTrail(app: FastifyInstance, db: Db): AuditTrail {
  app.decorateRequest('auditSubject', null);
  const pending = new Set<Promise<void>>();
  const settled = async () => {
    while (pending.size) await Promise.all(pending);
  };
  app.addHook('onResponse', (request, reply, done) => {
    done();
    const route = request.routeOptions.url;
    if (!route || (request.method === 'GET' && !route.startsWith('/api/'))) return;
    const write = (async () => {
      try {
        const entry = auditEntryOf({
          method: request.method,
          route,
          status: reply.statusCode,
          body: request.body,
          query: request.query,
          params: request.params,
          login: request.user?.login ?? null,
          subject: request.auditSubject,
        });
        if (entry) await auditsRepository.insert(db, { ...entry, remoteAddress: request.ip });
      } catch (err) {
        request.log.error({ err }, 'audit write failed');
      }
    })();
    pending.add(write);
    void write.finally(() => pending.delete(write));
  });
  app.addHook('onClose', settled);
  return { settled };
}
