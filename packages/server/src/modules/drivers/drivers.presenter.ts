import type { Driver } from '@evfleet/domain';
import type { DriverRow } from './drivers.repository.js';

/** Exactly the fields of a driver that leave the server; `data` is the photo, base64, when there is one. */
export const toDriver = (r: DriverRow): Driver => ({
  id: r.id,
  name: r.name,
  email: r.email,
  mobile: r.mobile,
  address: r.address,
  fleetId: r.fleetId,
  fleetName: r.fleetName,
  dbFileId: r.dbFileId,
  data: r.photo ? r.photo.toString('base64') : null,
  status: r.status,
  vehicleExist: r.vehicleExist,
});
