import type { IoMapping } from '@evfleet/domain';
import { and, asc, count, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { isoText } from '../../db/iso-text.js';
import type { Queryable } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { deviceProfile, trackerCommand, trackerIoSeen, vehicleTracker } from '../../db/tracker-schema.js';

const commandColumns = {
  id: trackerCommand.id,
  text: trackerCommand.text,
  status: sql<'queued' | 'sent' | 'answered' | 'failed'>`${trackerCommand.status}`,
  createdBy: trackerCommand.createdBy,
  createdAt: sql<string>`${isoText(trackerCommand.createdAt)}`,
  sentAt: isoText(trackerCommand.sentAt),
  answeredAt: isoText(trackerCommand.answeredAt),
  response: trackerCommand.response,
};

const profileColumns = {
  id: deviceProfile.id,
  name: deviceProfile.name,
  protocol: deviceProfile.protocol,
  builtIn: deviceProfile.builtIn,
  mappings: deviceProfile.mappings,
  vehicles: sql<number>`(select count(*)::int from ${vehicleTracker} where ${vehicleTracker.profileId} = ${deviceProfile.id})`,
};

/** Trackers, device profiles and what trackers sent unmapped: the queries of the trackers module. */
export const trackersRepository = {
  tracker: async (q: Queryable, vehicleId: number) =>
    (
      await q
        .select({
          protocol: vehicleTracker.protocol,
          identifier: vehicleTracker.identifier,
          profileId: vehicleTracker.profileId,
          profileName: deviceProfile.name,
          lastConnectedAt: vehicleTracker.lastConnectedAt,
          lastAddress: vehicleTracker.lastAddress,
        })
        .from(vehicleTracker)
        .leftJoin(deviceProfile, eq(deviceProfile.id, vehicleTracker.profileId))
        .where(eq(vehicleTracker.vehicleId, vehicleId))
    )[0] ?? null,

  /** The vehicle other than this one whose tracker has this identifier, if any. */
  identifierOwner: async (q: Queryable, protocol: string, identifier: string, vehicleId: number) =>
    (
      await q
        .select({ vehicleId: vehicleTracker.vehicleId })
        .from(vehicleTracker)
        .where(
          and(
            eq(vehicleTracker.protocol, protocol),
            eq(vehicleTracker.identifier, identifier),
            ne(vehicleTracker.vehicleId, vehicleId),
          ),
        )
    )[0]?.vehicleId ?? null,

  saveTracker: (q: Queryable, row: typeof vehicleTracker.$inferInsert) =>
    q
      .insert(vehicleTracker)
      .values(row)
      .onConflictDoUpdate({
        target: vehicleTracker.vehicleId,
        // A new identifier is a new device: its last connection is not the old one's.
        set: {
          protocol: row.protocol,
          identifier: row.identifier,
          profileId: row.profileId ?? null,
          lastConnectedAt: sql`case when ${vehicleTracker.identifier} = ${row.identifier} then ${vehicleTracker.lastConnectedAt} end`,
          lastAddress: sql`case when ${vehicleTracker.identifier} = ${row.identifier} then ${vehicleTracker.lastAddress} end`,
        },
      }),

  removeTracker: (q: Queryable, vehicleId: number) =>
    q.delete(vehicleTracker).where(eq(vehicleTracker.vehicleId, vehicleId)),

  profiles: (q: Queryable) => q.select(profileColumns).from(deviceProfile).orderBy(asc(deviceProfile.name)),

  profile: async (q: Queryable, id: number) =>
    (await q.select(profileColumns).from(deviceProfile).where(eq(deviceProfile.id, id)))[0] ?? null,

  builtInProfileId: async (q: Queryable) =>
    (await q.select({ id: deviceProfile.id }).from(deviceProfile).where(eq(deviceProfile.builtIn, true)).limit(1))[0]
      ?.id ?? null,

  /** Whether another profile has this name (names are unique regardless of case). */
  profileNameTaken: async (q: Queryable, name: string, id: number) =>
    (
      await q
        .select({ n: count() })
        .from(deviceProfile)
        .where(and(sql`lower(${deviceProfile.name}) = lower(${name})`, ne(deviceProfile.id, id)))
    )[0].n > 0,

  insertProfile: async (q: Queryable, row: typeof deviceProfile.$inferInsert) =>
    (await q.insert(deviceProfile).values(row).returning({ id: deviceProfile.id }))[0].id,

  updateProfile: async (q: Queryable, id: number, row: { name: string; mappings: IoMapping[] }) =>
    (
      await q
        .update(deviceProfile)
        .set({ ...row, updatedAt: sql`now()` })
        .where(eq(deviceProfile.id, id))
        .returning({ id: deviceProfile.id })
    ).length > 0,

  deleteProfile: (q: Queryable, id: number) => q.delete(deviceProfile).where(eq(deviceProfile.id, id)),

  /**
   * The IO elements the profile's vehicles sent that it does not map now: each vehicle's last value
   * of each, newest first.
   */
  unmapped: (q: Queryable, profileId: number, mapped: number[]) =>
    q
      .select({
        vehicleId: trackerIoSeen.vehicleId,
        vehicleName: vehicle.name,
        io: trackerIoSeen.io,
        lastValue: trackerIoSeen.lastValue,
        lastSeen: sql<string>`${isoText(trackerIoSeen.lastSeen)}`,
      })
      .from(trackerIoSeen)
      .innerJoin(vehicleTracker, eq(vehicleTracker.vehicleId, trackerIoSeen.vehicleId))
      .innerJoin(vehicle, eq(vehicle.id, trackerIoSeen.vehicleId))
      .where(
        and(eq(vehicleTracker.profileId, profileId), mapped.length ? notInArray(trackerIoSeen.io, mapped) : undefined),
      )
      .orderBy(asc(trackerIoSeen.io), asc(vehicle.name))
      .limit(1000),

  queueCommand: async (q: Queryable, vehicleId: number, text: string, createdBy: string) =>
    (await q.insert(trackerCommand).values({ vehicleId, text, createdBy }).returning({ id: trackerCommand.id }))[0].id,

  command: async (q: Queryable, id: number) =>
    (await q.select(commandColumns).from(trackerCommand).where(eq(trackerCommand.id, id)))[0],

  /** The vehicle's commands, newest first. */
  commands: (q: Queryable, vehicleId: number) =>
    q
      .select(commandColumns)
      .from(trackerCommand)
      .where(eq(trackerCommand.vehicleId, vehicleId))
      .orderBy(desc(trackerCommand.id))
      .limit(200),
};
