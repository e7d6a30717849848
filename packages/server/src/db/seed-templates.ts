import { DEFAULT_THRESHOLDS, METRICS, type AlertAttribute, type MetricName, type Range } from '@evfleet/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from './client.js';
import { vehicleTemplate } from './schema.js';

const r = (low: number, high: number): Range => ({ low, high });
const adjusted = (
  changes: Partial<Record<MetricName, Pick<AlertAttribute, 'normal' | 'warning' | 'sever'>>>,
): AlertAttribute[] =>
  DEFAULT_THRESHOLDS.map((a) => ({ ...a, ...changes[a.name], displayName: METRICS[a.name].displayName }));

/** The built-in templates (part 2 §2): listed and chosen like any other, never edited or deleted. */
export const DEFAULT_TEMPLATES: { name: string; description: string; attributes: AlertAttribute[] }[] = [
  {
    name: 'Standard Utility Vehicle',
    description: 'The default thresholds of every metric.',
    attributes: [...DEFAULT_THRESHOLDS],
  },
  {
    name: 'Cold Climate',
    description:
      'For fleets working below freezing: wider cabin and pack temperature bands, an earlier low-charge warning.',
    attributes: adjusted({
      cabinTemp: { normal: [r(30, 100)], warning: [r(15, 29), r(101, 110)], sever: [r(-25, 14), r(111, 150)] },
      cellPackTemp: { normal: [r(40, 120)], warning: [r(20, 39), r(121, 145)], sever: [r(0, 19), r(146, 190)] },
      batteryPercentage: { normal: [r(25, 80)], warning: [r(15, 24), r(81, 90)], sever: [r(0, 14), r(91, 100)] },
    }),
  },
];

/** Adds the built-in templates to a database that has none. */
export async function seedDefaultTemplates(db: Db) {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(vehicleTemplate)
    .where(eq(vehicleTemplate.defaultTemplate, true));
  if (count > 0) return;
  await db.insert(vehicleTemplate).values(DEFAULT_TEMPLATES.map((t) => ({ ...t, defaultTemplate: true })));
}

/** The first built-in template (what demo vehicles use), if seeded. */
export const firstDefaultTemplate = (db: Queryable) =>
  db
    .select({ id: vehicleTemplate.id, attributes: vehicleTemplate.attributes })
    .from(vehicleTemplate)
    .where(eq(vehicleTemplate.defaultTemplate, true))
    .orderBy(asc(vehicleTemplate.id))
    .limit(1)
    .then((rows) => rows[0]);
