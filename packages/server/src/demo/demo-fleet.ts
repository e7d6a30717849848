import { effectiveThresholds } from '@evfleet/domain';
import { asc, eq, inArray, like, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';
import { dealer, driver, fleet, vehicle } from '../db/schema.js';
import { accountsRepository } from '../auth/accounts.repository.js';
import { DEMO_FLEET_SIZE } from './demo-depots.js';
import { packVoltageBands } from './demo-packs.js';
import { seedDemoZones } from './demo-zones.js';

export const DEMO_PEOPLE_PASSWORD = 'demo1234';

const DEALERS = [
  {
    name: 'Dana Dealer',
    email: 'dealer@evfleet.local',
    company: 'Prairie EV Motors',
    fleets: ['Loop Deliveries', 'Lakeshore Maintenance'],
  },
  { name: 'Owen Outfitter', email: 'dealer2@evfleet.local', company: 'Front Range Carts', fleets: ['Campus Shuttle'] },
];

/**
 * The demo organisation: two dealers, three fleets and six drivers, each with a sign-in account
 * (password demo1234), owning the first sixteen demo vehicles. The rest stay unassigned, for the
 * assignment screens. Added only to a demo database without dealers, with the demo vehicles'
 * pack-voltage bands fitted to the packs the simulator gives them; then the fleets' depots and
 * zones, to a demo database without zones.
 */
export async function seedDemoFleet(db: Db) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(dealer);
  if (count === 0) await seedOrganisation(db);
  await seedDemoZones(db);
}

async function seedOrganisation(db: Db) {
  await fitPackVoltageBands(db);
  const passwordHash = await hashPassword(DEMO_PEOPLE_PASSWORD);
  const account = async (
    login: string,
    email: string,
    first: string,
    last: string,
    role: 'ROLE_DEALER' | 'ROLE_FLEET' | 'ROLE_USER',
  ) =>
    (
      await accountsRepository.insert(
        db,
        { login, email, firstName: first, lastName: last, activated: true, passwordHash },
        [role],
      )
    ).id;

  const vehicles = (await db.select({ id: vehicle.id }).from(vehicle).orderBy(asc(vehicle.id)).limit(16)).map(
    (v) => v.id,
  );
  let next = 0;
  let driverNo = 0;
  for (const [d, spec] of DEALERS.entries()) {
    const [first, last] = spec.name.split(' ');
    const [dealerRow] = await db
      .insert(dealer)
      .values({
        name: spec.name,
        email: spec.email,
        mobileNumber: `312555010${d}`,
        company: spec.company,
        address: 'Default',
        activation: true,
        userId: await account(spec.email.split('@')[0], spec.email, first, last, 'ROLE_DEALER'),
      })
      .returning();
    for (const name of spec.fleets) {
      const slug = name.toLowerCase().replace(/\s+/g, '-');
      const email = `${slug}@evfleet.local`;
      const [fleetRow] = await db
        .insert(fleet)
        .values({
          name,
          email,
          dealerId: dealerRow.id,
          status: true,
          userId: await account(slug, email, name, 'Owner', 'ROLE_FLEET'),
        })
        .returning();
      // In the order of the depots the simulator starts them from (demo-depots.ts).
      const mine = vehicles.slice(next, next + DEMO_FLEET_SIZE);
      next += DEMO_FLEET_SIZE;
      if (mine.length)
        await db.update(vehicle).set({ dealerId: dealerRow.id, fleetId: fleetRow.id }).where(inArray(vehicle.id, mine));
      for (const v of mine.slice(0, 2)) {
        driverNo += 1;
        const email = `driver${driverNo}@evfleet.local`;
        const [driverRow] = await db
          .insert(driver)
          .values({
            name: `Driver ${driverNo}`,
            email,
            mobile: `31255502${String(driverNo).padStart(2, '0')}`,
            address: `${100 + driverNo} Depot Road`,
            fleetId: fleetRow.id,
            status: true,
            userId: await account(`driver${driverNo}`, email, 'Driver', String(driverNo), 'ROLE_USER'),
          })
          .returning();
        await db.update(vehicle).set({ driverId: driverRow.id }).where(eq(vehicle.id, v));
      }
    }
  }
  // The sixteenth vehicle belongs to the first dealer but to none of its fleets.
  if (vehicles[15])
    await db
      .update(vehicle)
      .set({ dealerId: (await db.select({ id: dealer.id }).from(dealer).orderBy(asc(dealer.id)).limit(1))[0].id })
      .where(eq(vehicle.id, vehicles[15]));
}

/**
 * The simulated pack voltage is the sum of the cells, and the default bands suit about 26 of them:
 * a 32-cell pack would read Severe all day, a 24-cell one Warning often. Each demo vehicle gets
 * bands scaled from its cell-voltage bands instead.
 */
async function fitPackVoltageBands(db: Db) {
  const rows = await db
    .select({ id: vehicle.id, cells: vehicle.cells, attributes: vehicle.attributes })
    .from(vehicle)
    .where(like(vehicle.vin, 'EVDEMO%'));
  for (const row of rows) {
    const own = effectiveThresholds({ own: row.attributes });
    const cellBands = own.find((a) => a.name === 'cellVoltage');
    if (!cellBands) continue;
    const attributes = own.map((a) =>
      a.name === 'packVoltage' ? { ...a, ...packVoltageBands(cellBands, row.cells) } : a,
    );
    await db.update(vehicle).set({ attributes }).where(eq(vehicle.id, row.id));
  }
}
