import { DEFAULT_TIME_ZONE, effectiveThresholds, type Vehicle, type VehicleForm } from '@evfleet/domain';

/** §3/§4: a new vehicle starts active, without notifications, on the thresholds of a vehicle with none (§5's defaults). */
export function formValuesOf(vehicle: Vehicle | undefined): VehicleForm {
  if (!vehicle) {
    return {
      name: '',
      vin: '',
      dealerId: '',
      templateId: '',
      iotVersion: '',
      pcmVersion: '',
      notificationEmailAddress: '',
      notificationSmsNumber: '',
      cells: '',
      timeZone: DEFAULT_TIME_ZONE,
      status: true,
      smsNotification: false,
      emailNotification: false,
      attributes: effectiveThresholds({}).map((attribute) => ({ ...attribute })),
      ratedCapacityKwh: '',
    };
  }
  return {
    id: vehicle.id,
    name: vehicle.name,
    vin: vehicle.vin,
    dealerId: vehicle.dealerId ?? '',
    templateId: vehicle.templateId ?? '',
    iotVersion: vehicle.iotVersion ?? '',
    pcmVersion: vehicle.pcmVersion ?? '',
    notificationEmailAddress: vehicle.notificationEmailAddress ?? '',
    notificationSmsNumber: vehicle.notificationSmsNumber ?? '',
    cells: vehicle.cells,
    timeZone: vehicle.timeZone,
    status: vehicle.status,
    smsNotification: vehicle.smsNotification,
    emailNotification: vehicle.emailNotification,
    // §4: editing loads the vehicle's own thresholds.
    attributes: vehicle.attributes,
    ratedCapacityKwh: vehicle.ratedCapacityKwh ?? '',
  };
}

/** The first message anywhere under a nested error (the thresholds' errors sit deep in their list). */
export function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  if ('message' in errors && typeof errors.message === 'string' && errors.message) return errors.message;
  for (const [key, value] of Object.entries(errors)) {
    // react-hook-form's `ref` points at a DOM node: nothing to read there.
    const found = key === 'ref' ? undefined : firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
