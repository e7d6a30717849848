import { DEFAULT_DASHBOARD_FACTORS, dashboardFactorsSchema, type DashboardFactors } from '@evfleet/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSetting } from '../../db/admin-schema.js';

const KEY = 'dashboardFactors';

/** The factors of the Emission and Dollars Saved cards, kept in app_setting; the defaults until an administrator saves. */
export const dashboardSettings = {
  async get(db: Db): Promise<DashboardFactors> {
    const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, KEY));
    // A stored value missing a factor added later takes that factor's default.
    const parsed = dashboardFactorsSchema.safeParse({
      ...DEFAULT_DASHBOARD_FACTORS,
      ...(row?.value as object | undefined),
    });
    return parsed.success ? parsed.data : DEFAULT_DASHBOARD_FACTORS;
  },

  async set(db: Db, factors: DashboardFactors) {
    await db
      .insert(appSetting)
      .values({ key: KEY, value: factors })
      .onConflictDoUpdate({ target: appSetting.key, set: { value: factors, updatedAt: sql`now()` } });
    return factors;
  },
};
