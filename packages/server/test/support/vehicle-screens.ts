import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.js';

/** The ids of the built-in templates (seeded with the reference data). */
export async function defaultTemplates(t: TestApp): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`select id from vehicle_template where default_template order by id`,
  );
  return rows.map((r) => r.id);
}

/** A valid body of POST api/vehicles. */
export const vehicleBody = (dealerId: number, templateId: number, values: Record<string, unknown> = {}) => ({
  name: 'Cart 42',
  vin: `VIN-NEW-${Math.random().toString(36).slice(2, 10)}`,
  dealerId,
  templateId,
  iotVersion: '1.2.3',
  pcmVersion: '4.5',
  notificationEmailAddress: 'ops@fleet.test',
  notificationSmsNumber: '+1 555 0100',
  cells: 28,
  timeZone: 'America/Denver',
  status: true,
  smsNotification: false,
  emailNotification: true,
  ...values,
});
