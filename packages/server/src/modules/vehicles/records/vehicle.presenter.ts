import { effectiveThresholds, gpsLetter, lteLetter, type Vehicle, type VehicleRow } from '@evfleet/domain';
import type { VehicleDetailRow, VehicleListRow } from './vehicle-records.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Exactly the fields of a list row that leave the server. */
export const toVehicleRow = (r: VehicleListRow, now: string): VehicleRow => ({
  id: r.id,
  name: r.name,
  vin: r.vin,
  status: r.status,
  dealerId: r.dealerId,
  dealerName: r.dealerName,
  fleetId: r.fleetId,
  templateId: r.templateId,
  templateName: r.templateName,
  gpsLastReported: r.gpsLastReported,
  lastReported: r.lastReported,
  gpsSignal: gpsLetter(r.gpsValue, r.gpsRule),
  lteSignal: lteLetter(r.lteValue),
  currentGmtTime: now,
});

/** The whole vehicle (§3), with the thresholds it is judged by. */
export const toVehicle = (r: VehicleDetailRow, now: string): Vehicle => {
  const v = r.vehicle;
  return {
    ...toVehicleRow(r, now),
    iotVersion: v.iotVersion,
    pcmVersion: v.pcmVersion,
    notificationEmailAddress: v.notificationEmail,
    notificationSmsNumber: v.notificationSms,
    cells: v.cells,
    timeZone: v.timeZone,
    smsNotification: v.smsNotification,
    emailNotification: v.emailNotification,
    attributes: effectiveThresholds({ own: v.attributes, template: r.templateAttributes }),
    ratedCapacityKwh: v.ratedCapacityKwh,
    canLastReported: iso(r.canLastReported),
    driverId: v.driverId,
    fleetResponseDTO: v.fleetId !== null && r.fleetName !== null ? { id: v.fleetId, name: r.fleetName } : null,
    dealerResponseDTO:
      v.dealerId !== null && r.dealerName !== null
        ? { id: v.dealerId, name: r.dealerName, fleetResponseDTOs: r.dealerFleets }
        : null,
  };
};
