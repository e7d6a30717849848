import { effectiveThresholds, type AlertAttribute, type VehicleWrite } from '@evfleet/domain';
import type { Queryable } from '../../../db/client.js';
import type { vehicle } from '../../../db/schema.js';
import { refused } from '../../../http/errors.js';
import { fleetsRepository as fleets } from '../../fleets/index.js';
import { templatesRepository as templates } from '../templates/templates.repository.js';
import { vehicleRecordsRepository as repo } from './vehicle-records.repository.js';

const VIN_TAKEN = 'A vehicle with this VIN already exists.';

type VehicleRow = typeof vehicle.$inferSelect;

/**
 * The values a save writes, from the input, the vehicle as it is (null for a new one) and the
 * thresholds of the template it names.
 */
export function vehicleValues(
  input: VehicleWrite,
  current: Pick<VehicleRow, 'templateId' | 'dealerId' | 'attributes'> | null,
  templateAttributes: AlertAttribute[] | null,
) {
  const dealerId = input.dealerId as number; // the schema refuses a missing dealer or template
  const templateId = input.templateId as number;
  // Given thresholds win; a new vehicle or a changed template takes the template's (§4).
  const attributes: AlertAttribute[] | null | undefined =
    input.attributes ??
    (current === null || current.templateId !== templateId
      ? effectiveThresholds({ template: templateAttributes })
      : current.attributes);
  // Moved to another dealer: it leaves its fleet and driver, which belong to the old dealer.
  const keepsFleet = current !== null && current.dealerId === dealerId;
  return {
    name: input.name,
    vin: input.vin,
    dealerId,
    templateId,
    ...(keepsFleet ? {} : { fleetId: null, driverId: null }),
    iotVersion: input.iotVersion ?? null,
    pcmVersion: input.pcmVersion ?? null,
    notificationEmail: input.notificationEmailAddress ?? null,
    notificationSms: input.notificationSmsNumber ?? null,
    cells: input.cells,
    timeZone: input.timeZone,
    status: input.status,
    smsNotification: input.smsNotification,
    emailNotification: input.emailNotification,
    attributes: attributes ?? null,
    ratedCapacityKwh: input.ratedCapacityKwh ?? null,
  };
}

/**
 * The values a save writes, once what the input names is checked: its dealer and template exist
 * (the template's thresholds are what the vehicle starts from) and no other vehicle has its VIN.
 */
export async function checkedValues(tx: Queryable, input: VehicleWrite, current: VehicleRow | null) {
  if (!(await fleets.dealerExists(tx, input.dealerId as number)))
    throw refused('The dealer does not exist.', 'dealernotfound');
  const template = await templates.ref(tx, input.templateId as number);
  if (!template) throw refused('The template does not exist.', 'templatenotfound');
  if (await repo.vinTaken(tx, input.vin, current?.id ?? -1)) throw refused(VIN_TAKEN, 'vinexists');
  return vehicleValues(input, current, template.attributes);
}
