import type { FastifyBaseLogger } from 'fastify';
import type { AlertEngine } from '../alerts/alert-engine.js';
import { oneWriteAtATime } from '../lib/one-write-at-a-time.js';
import type { StoredRow } from '../readings/stored-row.js';
import type { EpisodeTracker } from './episodes.js';
import type { createSignalMinutes } from './signal-minutes.js';
import type { VehicleStates } from './vehicle-states.js';
import type { VisitTracker } from './visits/visits.js';

/** What follows from committed readings: each keeps its work in memory and writes it later. */
export interface FollowUpParts {
  states: VehicleStates;
  episodes: EpisodeTracker;
  visits: VisitTracker;
  minutes: ReturnType<typeof createSignalMinutes>;
  alerts: AlertEngine;
}

/** The batch writer's onCommitted: hands a batch's committed readings to the follow-ups. */
export function followUpsOfCommit(
  { states, episodes, visits, minutes, alerts }: FollowUpParts,
  told: {
    /** Vehicles whose state changed. */
    statesChanged?: (vehicleIds: number[]) => void;
    /** Readings newly committed (the dashboard's daily figures). */
    readingsCommitted?: (rows: StoredRow[]) => void;
  },
  log: FastifyBaseLogger,
) {
  return (rows: StoredRow[]) => {
    // Queued together, in this tick: whatever state a persist takes, the trips, minutes and alerts
    // of the same readings are queued before it, and are written first.
    minutes.apply(rows);
    const stateWork = Promise.all([
      states.apply(rows).then(() => told.statesChanged?.([...new Set(rows.map((r) => r.vehicleId))])),
      episodes.apply(rows),
      visits.apply(rows),
    ]).catch((err) => log.error({ err }, 'vehicle state update failed'));
    try {
      told.readingsCommitted?.(rows);
    } catch (err) {
      log.error({ err }, 'daily statistics update failed');
    }
    return Promise.all([stateWork, alerts.apply(rows)]);
  };
}

/**
 * Writes the vehicle states after what follows from the readings they cover.
 *
 * A write takes what is changed when it starts: without one write at a time, a call made while the
 * timer's write was under way found nothing left and returned before that write had landed
 * (settle() before a takeover, a test reading the states back).
 */
export const statesWrittenLast = ({ states, episodes, visits, minutes, alerts }: FollowUpParts) =>
  oneWriteAtATime(async () => {
    // A takeover resumes after a vehicle's written last_reported (takeover.ts), trusting that what
    // follows from the readings before it is written. So the states are taken now and written
    // last: after the alerts, trips and chart minutes of every reading they cover, which were
    // queued with those readings. A trip written after its state, by an instance that died in
    // between, would be cut in two by the next holder (the scale test kills instances to show it).
    const followUps = Promise.all([alerts.idle(), episodes.persist(), visits.persist(), minutes.persist()]);
    await states.persist(followUps);
    await followUps;
  });
