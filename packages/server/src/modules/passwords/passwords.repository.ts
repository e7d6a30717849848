import { and, eq } from 'drizzle-orm';
import { visibleDrivers, visibleFleets, type Scope } from '../../auth/visibility.js';
import type { Queryable } from '../../db/client.js';
import { driver, fleet } from '../../db/schema.js';

export const passwordsRepository = {
  /** Whether the account is a fleet owner's or a driver's that the dealer or fleet owner manages. */
  async manages(db: Queryable, scope: Extract<Scope, { kind: 'dealer' | 'fleet' }>, userId: number): Promise<boolean> {
    const drivers = await db
      .select({ id: driver.id })
      .from(driver)
      .where(and(eq(driver.userId, userId), visibleDrivers(scope)));
    if (drivers.length > 0 || scope.kind === 'fleet') return drivers.length > 0;
    const fleets = await db
      .select({ id: fleet.id })
      .from(fleet)
      .where(and(eq(fleet.userId, userId), visibleFleets(scope)));
    return fleets.length > 0;
  },
};
