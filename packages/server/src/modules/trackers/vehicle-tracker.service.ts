import { TRACKER_MESSAGES, type CommandWrite, type Tracker, type TrackerWrite } from '@evfleet/domain';
import { and, eq } from 'drizzle-orm';
import { mayManageTracker, notVisible, resolveScope, visibleVehicles } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../db/sql-state.js';
import { conflict, fieldErrors, forbidden, refused } from '../../http/errors.js';
import { trackersRepository as repo } from './trackers.repository.js';

const NO_TRACKER: Tracker = {
  protocol: 'none',
  identifier: null,
  profileId: null,
  profileName: null,
  lastConnectedAt: null,
  lastAddress: null,
};

/**
 * A vehicle's tracker and the commands queued for it. A change is announced through `changed`;
 * `deliver` sends a vehicle's queued commands now if its tracker is connected here.
 */
export function createVehicleTrackerService({
  db,
  changed,
  deliver,
}: {
  db: Db;
  changed: (vehicleId: number | null) => void;
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
  };
}
