import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import {
  certainRequests,
  encodeText,
  hostileRequests,
  operationsOf,
  type Hostile,
  type Operation,
} from '../support/hostile-input.js';
import { createTenant } from '../support/people.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Fixed, so a failure reproduces; FUZZ_SEED and FUZZ_RUNS explore further by hand. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_107);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

/** Writes that change nothing, so leave no audit row (audit-rules.ts NOT_CHANGES): report queries and device traffic. */
const READS_BY_POST = new Set([
  'POST /api/canreport',
  'POST /api/canreport/getListCanHistory',
  'POST /api/telemetry/readings',
]);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Deletes and permission changes run last: run earlier, they would remove the callers' people and
 * rights, and every later call would stop at 401/403 instead of reaching the code behind.
 */
const stage = (op: Operation) =>
  op.method === 'DELETE' || op.route.startsWith('/api/role-permissions') ? 2 : op.method === 'GET' ? 0 : 1;

interface Sent {
  caller: string;
  method: string;
  url: string;
  body: unknown;
}

describe.each(DATABASE_KINDS)('hostile requests to every route on %s', (kind) => {
  let t: TestApp;
  let callers: Record<string, string | undefined>;
  let known: string[];
  let sentCount = 0;
  let acceptedWrites = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await t.admin();
    const tenant = await createTenant(t, admin, 'Fuzz');
    callers = {
      anonymous: undefined,
      admin,
      user: await t.user(),
      dealer: tenant.dealer,
      fleet: tenant.fleet,
      driver: tenant.driver,
    };
    // Ids that exist, so some calls get past "not found" into the code behind it.
    known = [tenant.dealerId, tenant.fleetId, tenant.driverId, ...Object.values(tenant.vehicles)].map(String);
  }, 120_000);
  afterAll(() => t?.close());

  const auditRows = async () => {
    await t.app.auditTrail.settled();
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_event`);
    return Number(rows[0].n);
  };

  async function send(op: Operation, r: Hostile): Promise<string | null> {
    let path = op.path;
    op.params.forEach((p, i) => (path = path.replace(`{${p.name}}`, encodeText(r.params[i]) || '%20')));
    const query = op.query.flatMap((q, i) => {
      const v = r.query[i];
      return v === null ? [] : (Array.isArray(v) ? v : [v]).map((x) => `${q.name}=${encodeText(x)}`);
    });
    if (r.extraQuery) query.push(r.extraQuery);
    const url = query.length ? `${path}?${query.join('&')}` : path;
    const json = op.body !== null && r.body !== undefined;
    // Plausible bodies name people and vehicles uniquely, so creating one is not refused as a duplicate.
    const n = ++sentCount;
    const payload = json
      ? JSON.stringify(r.body).replaceAll('fuzz@people.test', `fuzz${n}@people.test`).replaceAll('"Fuzz"', `"Fuzz${n}"`)
      : ((r.body as string | null) ?? undefined);
    const sent: Sent = {
      caller: r.caller,
      method: op.method,
      url,
      body: payload && payload.length > 300 ? `${payload.slice(0, 300)}…` : payload,
    };
    const authorization = callers[r.caller];
    const before = await auditRows();
    let res;
    try {
      res = await t.app.inject({
        method: op.method,
        url,
        payload,
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(payload !== undefined ? { 'content-type': json ? 'application/json' : 'text/plain' } : {}),
        },
      });
    } catch (err) {
      return `crashed: ${JSON.stringify(sent)} ${String(err)}`;
    }
    if (res.statusCode >= 500) return `${res.statusCode}: ${JSON.stringify(sent)} answered ${res.body.slice(0, 300)}`;
    const key = `${op.method} ${op.route}`;
    if (!WRITES.has(op.method) || res.statusCode >= 300 || READS_BY_POST.has(key)) return null;
    acceptedWrites++;
    if ((await auditRows()) <= before) {
      return `no audit row: ${JSON.stringify(sent)} answered ${res.statusCode}`;
    }
    return null;
  }

  it(
    'answers no hostile request with a 5xx or a crash, and audits every accepted write',
    { timeout: 600_000 },
    async () => {
      const operations = operationsOf(t.app.swagger() as never).sort((a, b) => stage(a) - stage(b));
      expect(operations.length).toBeGreaterThan(100);
      const failures: string[] = [];
      for (const op of operations) {
        const found: string[] = [];
        await fc.assert(
          fc.asyncProperty(hostileRequests(op, Object.keys(callers), known), async (r) => {
            const failure = await send(op, r);
            if (failure) found.push(failure);
          }),
          {
            seed: SEED,
            numRuns: RUNS,
            endOnFailure: true,
            examples: certainRequests(op, Object.keys(callers), known).map((r) => [r] as [Hostile]),
          },
        );
        // One line per distinct kind of failure of the operation, not one per run.
        failures.push(...new Set(found.slice(0, 3)));
      }
      expect(failures).toEqual([]);
      // The audit check has teeth only if writes get through: plausible bodies must reach the database.
      expect(acceptedWrites).toBeGreaterThanOrEqual(5);
    },
  );
});
