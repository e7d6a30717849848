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
