import {
  TRACKER_MESSAGES,
  type CommandWrite,
  type DeviceProfileWrite,
  type Tracker,
  type TrackerWrite,
} from '@evfleet/domain';
import { and, eq } from 'drizzle-orm';
import { allow, mayManageTracker, notVisible, resolveScope, visibleVehicles } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { FOREIGN_KEY_VIOLATION, sqlStateOf } from '../../db/sql-state.js';
import { conflict, fieldErrors, forbidden, notFound, refused } from '../../http/errors.js';
import { BUILTIN_TELTONIKA_PROFILE } from '../../telemetry/teltonika/builtin-profile.js';
import { trackersRepository as repo } from './trackers.repository.js';

const UNIQUE_VIOLATION = '23505';
const NO_TRACKER: Tracker = {
  protocol: 'none',
  identifier: null,
  profileId: null,
  profileName: null,
  lastConnectedAt: null,
  lastAddress: null,
};

/** The built-in profile for FMB/FMC trackers exists in every database: made at start when absent. */
export async function ensureBuiltInProfile(db: Db) {
  if ((await repo.builtInProfileId(db)) !== null) return;
  await repo
    .insertProfile(db, { ...BUILTIN_TELTONIKA_PROFILE, protocol: 'teltonika', builtIn: true })
    .catch((err: unknown) => {
      // Another instance starting at the same moment made it.
      if (sqlStateOf(err) !== UNIQUE_VIOLATION) throw err;
    });
}

/**
 * A vehicle's tracker and the device profiles (docs/devices.md). Changes reach this instance's
 * listeners at once through `changed` (the others' through the database's triggers): cached lookups
 * are dropped and the open connections read their tracker again, so a removed tracker stops
 * reporting and an edited profile reads the next packet.
 */
export function createTrackersService({
  db,
  changed,
  deliver,
}: {
  db: Db;
  changed: (vehicleId: number | null) => void;
  /** Sends a vehicle's queued commands now if its tracker is connected here. */
  deliver: (vehicleId: number) => Promise<void>;
}) {
  /** The vehicle if the caller sees it; with `manage`, only for those who may change its tracker. */
  const vehicleOf = async (by: AuthUser, id: number, manage: boolean) => {
    const scope = await resolveScope(db, by);
    const [v] = await db
      .select({ id: vehicle.id, dealerId: vehicle.dealerId })
      .from(vehicle)
      .where(and(visibleVehicles(scope), eq(vehicle.id, id)));
    if (!v) throw notVisible(scope, 'The vehicle');
    if (manage && !mayManageTracker(scope, v)) throw forbidden();
    return v;
  };

  const trackerOf = async (vehicleId: number): Promise<Tracker> => {
    const row = await repo.tracker(db, vehicleId);
    if (!row) return NO_TRACKER;
    return {
      protocol: row.protocol as Tracker['protocol'],
      identifier: row.identifier,
      profileId: row.profileId,
      profileName: row.profileName,
      lastConnectedAt: row.lastConnectedAt?.toISOString() ?? null,
      lastAddress: row.lastAddress,
    };
  };

  /** The profile a Teltonika tracker reads by: the one named, else the built-in one. */
  const profileFor = async (profileId: number | null | undefined) => {
    const id = profileId ?? (await repo.builtInProfileId(db));
    const profile = id === null ? null : await repo.profile(db, id);
    if (!profile) throw fieldErrors('tracker', { profileId: TRACKER_MESSAGES.profile });
    return profile.id;
  };

  const admin = async (by: AuthUser) => allow(await resolveScope(db, by), 'admin');
  /** Dealers read the profiles too: they choose one when they install a tracker. */
  const reader = async (by: AuthUser) => allow(await resolveScope(db, by), 'admin', 'staff', 'dealer');

  const profileById = async (by: AuthUser, id: number) => {
    await reader(by);
    const profile = await repo.profile(db, id);
    if (!profile) throw notFound('The device profile');
    return profile;
  };

  const checkName = async (input: DeviceProfileWrite, id: number) => {
    if (await repo.profileNameTaken(db, input.name, id))
      throw fieldErrors('deviceProfile', { name: 'A device profile with this name already exists.' });
  };

  return {
    async tracker(by: AuthUser, vehicleId: number) {
      await vehicleOf(by, vehicleId, false);
      return trackerOf(vehicleId);
    },

    async setTracker(by: AuthUser, vehicleId: number, input: TrackerWrite) {
      await vehicleOf(by, vehicleId, true);
      if (input.protocol === 'none') await repo.removeTracker(db, vehicleId);
      else {
        const profileId = input.protocol === 'teltonika' ? await profileFor(input.profileId) : null;
        if ((await repo.identifierOwner(db, input.protocol, input.identifier, vehicleId)) !== null)
          throw conflict(TRACKER_MESSAGES.identifierTaken);
        try {
          await repo.saveTracker(db, { vehicleId, protocol: input.protocol, identifier: input.identifier, profileId });
        } catch (err) {
          // Another vehicle took the identifier between the check and the write.
          if (sqlStateOf(err) === UNIQUE_VIOLATION) throw conflict(TRACKER_MESSAGES.identifierTaken);
          throw err;
        }
      }
      changed(vehicleId);
      return trackerOf(vehicleId);
    },

    async commands(by: AuthUser, vehicleId: number) {
      await vehicleOf(by, vehicleId, true);
      return repo.commands(db, vehicleId);
    },

    /** Queues a command; it goes at once when the tracker is connected here, else when it connects. */
    async sendCommand(by: AuthUser, vehicleId: number, input: CommandWrite) {
      await vehicleOf(by, vehicleId, true);
      const tracker = await repo.tracker(db, vehicleId);
      if (tracker?.protocol !== 'teltonika') throw refused(TRACKER_MESSAGES.noCommands);
      const id = await repo.queueCommand(db, vehicleId, input.text, by.login);
      await deliver(vehicleId);
      const { status } = await repo.command(db, id);
      return { id, status };
    },

    async profiles(by: AuthUser) {
      await reader(by);
      return repo.profiles(db);
    },

    profile: profileById,

    async createProfile(by: AuthUser, input: DeviceProfileWrite) {
      await admin(by);
      await checkName(input, -1);
      const id = await repo.insertProfile(db, { ...input, builtIn: false });
      return (await repo.profile(db, id))!;
    },

    async updateProfile(by: AuthUser, id: number, input: DeviceProfileWrite) {
      await admin(by);
      await checkName(input, id);
      if (!(await repo.updateProfile(db, id, { name: input.name, mappings: input.mappings })))
        throw notFound('The device profile');
      changed(null);
      return (await repo.profile(db, id))!;
    },

    async deleteProfile(by: AuthUser, id: number) {
      await admin(by);
      const profile = await repo.profile(db, id);
      if (!profile) throw notFound('The device profile');
      if (profile.builtIn) throw refused('The built-in device profile cannot be deleted; edit it instead.');
      if (profile.vehicles > 0) throw conflict(TRACKER_MESSAGES.profileInUse);
      try {
        await repo.deleteProfile(db, id);
      } catch (err) {
        // A tracker took it meanwhile.
        if (sqlStateOf(err) === FOREIGN_KEY_VIOLATION) throw conflict(TRACKER_MESSAGES.profileInUse);
        throw err;
      }
    },

    /** The IO elements the profile's vehicles send that it does not map yet. */
    async unmapped(by: AuthUser, id: number) {
      await admin(by);
      const profile = await profileById(by, id);
      return repo.unmapped(
        db,
        id,
        profile.mappings.map((m) => m.io),
      );
    },
  };
}
export type TrackersService = ReturnType<typeof createTrackersService>;
