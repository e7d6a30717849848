import type { Db } from '../../db/client.js';
import { createDeviceProfilesService } from './device-profiles.service.js';
import { createVehicleTrackerService } from './vehicle-tracker.service.js';

/**
 * A vehicle's tracker and the device profiles (docs/devices.md). Changes reach this instance's
 * listeners at once through `changed` (the others' through the database's triggers): cached lookups
 * are dropped and the open connections read their tracker again, so a removed tracker stops
 * reporting and an edited profile reads the next packet.
 */
export function createTrackersService(deps: {
  db: Db;
  changed: (vehicleId: number | null) => void;
  /** Sends a vehicle's queued commands now if its tracker is connected here. */
  deliver: (vehicleId: number) => Promise<void>;
}) {
  return { ...createVehicleTrackerService(deps), ...createDeviceProfilesService(deps) };
}
export type TrackersService = ReturnType<typeof createTrackersService>;
