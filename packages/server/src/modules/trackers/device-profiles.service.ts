import { TRACKER_MESSAGES, type DeviceProfileWrite } from '@evfleet/domain';
import { allowedScope } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { FOREIGN_KEY_VIOLATION, sqlStateOf, UNIQUE_VIOLATION } from '../../db/sql-state.js';
import { conflict, fieldErrors, notFound, refused } from '../../http/errors.js';
import { BUILTIN_TELTONIKA_PROFILE } from '../../telemetry/teltonika/builtin-profile.js';
import { trackersRepository as repo } from './trackers.repository.js';

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
 * The device profiles that map a Teltonika tracker's IO elements to signals: administrators
 * change them, and an edited profile is announced through `changed` (every vehicle's tracker).
 */
export function createDeviceProfilesService({ db, changed }: { db: Db; changed: (vehicleId: number | null) => void }) {
  const admin = (by: AuthUser) => allowedScope(db, by, 'admin');
  /** Dealers read the profiles too: they choose one when they install a tracker. */
  const reader = (by: AuthUser) => allowedScope(db, by, 'admin', 'staff', 'dealer');

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
