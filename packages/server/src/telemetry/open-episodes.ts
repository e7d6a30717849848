import {
  intervalFacts,
  newIntervalFacts,
  newTrack,
  stepEpisode,
  type Episode,
  type EpisodeKind,
  type EpisodeTrack,
} from '@evfleet/domain';
import type { StoredRow } from '../readings/stored-row.js';
import { KINDS, type FirstReading, type VehicleEpisode, type VehicleStart } from './episode-store.js';
import { readingPoint } from './meter-rows.js';

/** Each reading's interval facts, written over by the next: one object, not one a reading. */
const scratchFacts = newIntervalFacts();

interface VehicleEpisodes {
  lastTs: number;
  tracks: Record<EpisodeKind, EpisodeTrack>;
}

/**
 * What the episode tracker (episodes.ts) holds in memory between writes: each vehicle's open
 * episodes, stepped by its in-order readings; the episodes changed since the last write; the windows
 * late readings touched; and the vehicles whose charging session closed. No storage here.
 */
export class OpenEpisodes {
  private readonly vehicles = new Map<number, VehicleEpisodes>();
  /** The episodes changed since the last write, by vehicle and start: no key made per reading. */
  private readonly dirty: Record<EpisodeKind, Map<number, Map<number, Episode>>> = {
    trip: new Map(),
    charge: new Map(),
  };
  private readonly late = new Map<number, { from: number; to: number }>();
  private readonly chargesClosed = new Set<number>();
  private tripsClosed: { vehicleId: number; trip: Episode }[] = [];

  /** The vehicles of a batch with no episodes in memory, each with its first reading's time. */
  unmet(groups: Map<number, StoredRow[]>): FirstReading[] {
    const firsts: FirstReading[] = [];
    for (const [vehicleId, list] of groups)
      if (!this.vehicles.has(vehicleId)) firsts.push({ vehicleId, before: list[0].reading.ts });
    return firsts;
  }

  /** Takes a vehicle up from where it stood before its first reading here. */
  meet({ vehicleId, prev, last }: VehicleStart) {
    const track = (kind: EpisodeKind) => ({ ...newTrack(last[kind]), prev });
    this.vehicles.set(vehicleId, { lastTs: prev?.ts ?? 0, tracks: { trip: track('trip'), charge: track('charge') } });
  }

  /** Steps a met vehicle's episodes by its readings (in time order); an older reading marks its window late. */
  step(vehicleId: number, list: StoredRow[]) {
    const v = this.vehicles.get(vehicleId)!;
    for (const { reading } of list) {
      if (reading.ts <= v.lastTs) {
        this.markLate(vehicleId, reading.ts);
        continue;
      }
      v.lastTs = reading.ts;
      const p = readingPoint(reading);
      // Both kinds step the same readings: the interval since the last one is worked out once.
      const { trip, charge } = v.tracks;
      const facts = trip.prev && trip.prev === charge.prev ? intervalFacts(trip.prev, p, scratchFacts) : undefined;
      for (const kind of KINDS) {
        const track = v.tracks[kind];
        const before = track.open;
        const e = stepEpisode(kind, track, p, facts);
        if (before && track.open !== before) {
          if (kind === 'charge') this.chargesClosed.add(vehicleId);
          else this.closeTrip(vehicleId, before);
        }
        if (e) this.changed(kind, vehicleId, e);
      }
    }
  }

  /** A closed trip is written once more, whether or not it changed: its trip.ended goes out with that write. */
  private closeTrip(vehicleId: number, trip: Episode) {
    this.tripsClosed.push({ vehicleId, trip });
    this.changed('trip', vehicleId, trip);
  }

  changed(kind: EpisodeKind, vehicleId: number, e: Episode) {
    let own = this.dirty[kind].get(vehicleId);
    if (!own) this.dirty[kind].set(vehicleId, (own = new Map()));
    own.set(e.start, e);
  }

  /** The episodes of a kind changed since the last call, taken out to be written. */
  takeChanged(kind: EpisodeKind): VehicleEpisode[] {
    const episodes = [...this.dirty[kind]].flatMap(([vehicleId, own]) =>
      [...own.values()].map((episode) => ({ vehicleId, episode })),
    );
    this.dirty[kind].clear();
    return episodes;
  }

  /** A reading older than the vehicle's newest: its window is segmented again from storage. */
  markLate(vehicleId: number, ts: number) {
    const w = this.late.get(vehicleId);
    this.late.set(vehicleId, { from: Math.min(w?.from ?? ts, ts), to: Math.max(w?.to ?? ts, ts) });
  }

  /** The windows late readings touched since the last call. */
  takeLate(): [vehicleId: number, window: { from: number; to: number }][] {
    const windows = [...this.late];
    this.late.clear();
    return windows;
  }

  /** The vehicles whose charging session closed since the last call. */
  takeChargesClosed(): number[] {
    const closed = [...this.chargesClosed];
    this.chargesClosed.clear();
    return closed;
  }

  /** Vehicles whose closed charging sessions were not priced after all (the write failed): given again at the next call. */
  chargesStillClosed(vehicleIds: number[]) {
    for (const vehicleId of vehicleIds) this.chargesClosed.add(vehicleId);
  }

  /** The trips that ended since the last call, by in-order readings. */
  takeTripsClosed() {
    const closed = this.tripsClosed;
    this.tripsClosed = [];
    return closed;
  }

  /** When a vehicle's charging session still open in memory began, if one is. */
  openChargeStart(vehicleId: number): number | null {
    return this.vehicles.get(vehicleId)?.tracks.charge.open?.start ?? null;
  }

  /** A vehicle's window was segmented again: it is reloaded from storage on its next reading. */
  resegmented(vehicleId: number) {
    this.vehicles.delete(vehicleId);
    this.chargesClosed.add(vehicleId);
  }

  /** Drops all memory holds of a vehicle (maybe stale), changes, trips closed and late windows included. */
  drop(vehicleId: number) {
    for (const kind of KINDS) this.dirty[kind].delete(vehicleId);
    this.tripsClosed = this.tripsClosed.filter((closed) => closed.vehicleId !== vehicleId);
    this.late.delete(vehicleId);
    this.vehicles.delete(vehicleId);
  }
}
