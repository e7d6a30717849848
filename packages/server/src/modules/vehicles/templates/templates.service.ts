import {
  withAttribute,
  type AlertAttribute,
  type MetricName,
  type PageQuery,
  type TemplateCreate,
  type TemplateUpdate,
} from '@evfleet/domain';
import type { ThresholdChanges } from '../../../alerts/threshold-changes.js';
import { allow, resolveScope } from '../../../auth/visibility.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db, Queryable } from '../../../db/client.js';
import { fieldErrors, forbidden, notFound } from '../../../http/errors.js';
import { listOf } from '../../../db/listing.js';
import { pageAllowed } from '../../role-permissions/index.js';
import { toTemplate } from './templates.presenter.js';
import { templatesRepository as repo } from './templates.repository.js';
import { templateWrites as writes } from './template-writes.js';

const PAGE = 'Vehicle Configuration Template';

/** Vehicle configuration templates (part 2 §2, §7): read with the page, changed by administrators. */
export function createTemplatesService({ db, thresholds }: { db: Db; thresholds: ThresholdChanges }) {
  /** Administrators and staff read them, others when their role has the page (the fleet-owner toggle). */
  const reader = async (by: AuthUser) => {
    const scope = await resolveScope(db, by);
    if (scope.kind !== 'all' && !(await pageAllowed(db, by.authorities, PAGE))) throw forbidden();
  };
  const admin = async (by: AuthUser) => allow(await resolveScope(db, by), 'admin');

  const one = async (q: Queryable, id: number) => {
    const row = await repo.find(q, id);
    if (!row) throw notFound('The template');
    return toTemplate(row, true);
  };
  /** Vehicles without thresholds of their own follow their template: every cached vehicle is dropped. */
  const changed = () => thresholds.all();

  const changeThresholds = async (
    by: AuthUser,
    id: number,
    change: (current: readonly AlertAttribute[]) => AlertAttribute[],
  ) => {
    await admin(by);
    const attributes = await db.transaction((tx) => writes.changeThresholds(tx, id, change));
    await changed();
    return attributes;
  };

  return {
    async page(by: AuthUser, term: string, page: PageQuery) {
      await reader(by);
      const { rows, total } = await repo.list(db, term, page);
      return listOf(rows, total, (r) => toTemplate(r, false));
    },

    async get(by: AuthUser, id: number) {
      await reader(by);
      return one(db, id);
    },

    async create(by: AuthUser, input: TemplateCreate) {
      await admin(by);
      const id = await db.transaction((tx) => writes.insert(tx, input));
      return one(db, id);
    },

    /** Absent attributes keep the current ones; a new image replaces the old, which goes when nothing else shows it. */
    async update(by: AuthUser, input: TemplateUpdate) {
      await admin(by);
      await db.transaction((tx) => writes.update(tx, input));
      if (input.attributes) await changed();
      return one(db, input.id);
    },

    /** Refused while vehicles use it, unless forced: then they keep its thresholds as their own. */
    async remove(by: AuthUser, id: number, force: boolean) {
      await admin(by);
      await db.transaction((tx) => writes.remove(tx, id, force));
      await changed();
    },

    /** 'Update This Signal Only' on a template. */
    async setAttribute(by: AuthUser, id: number, metric: MetricName, attribute: AlertAttribute) {
      if (attribute.name !== metric) throw fieldErrors('attribute', { name: `must be ${metric}` });
      await changeThresholds(by, id, (current) => withAttribute(current, attribute));
      return one(db, id);
    },

    applySheet: changeThresholds,
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
