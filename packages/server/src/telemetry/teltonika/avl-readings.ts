import { TELEMETRY_LIMITS } from '@evfleet/domain';
import type { CompiledProfile } from '../tracker-registry.js';
import type { AvlRecord } from './codec.js';

const MPH_PER_KMH = 1 / 1.609344;

/** What one record's IO elements left unstored or unmapped, for the counters and the profile page. */
export interface RecordLeftovers {
  /** IO elements longer than 8 bytes: no number, not stored. */
  tooLong: number;
  /** Unmapped elements beyond the unknown signals a reading may hold. */
  overLimit: number;
}

/** Called for each IO element the profile does not map, with its raw (unsigned) value. */
export type Unmapped = (io: number, value: number) => void;

/**
 * One AVL record as a reading of the JSON protocol (docs/telemetry-protocol.md): the GPS element,
 * then every IO element through the vehicle's profile. What the profile does not map is kept as the
 * unknown signal `io<ID>` with its raw value, so nothing a device sends is lost and it can be mapped
 * later. The reading is then checked by the same rules as any JSON reading (ingest.decoded), and
 * is what a transport puts on RabbitMQ when several instances run.
 */
export function readingOfRecord(
  record: AvlRecord,
  profile: CompiledProfile,
  leftovers: RecordLeftovers,
  unmapped?: Unmapped,
): Record<string, unknown> {
  const reading: Record<string, unknown> = { ts: record.timestamp };
  // Without a fix a tracker repeats its last position or sends zeros: only a fix is a position.
  const fix = record.satellites > 0 && !(record.latitude === 0 && record.longitude === 0);
  if (fix) {
    reading.gpsLat = record.latitude;
    reading.gpsLong = record.longitude;
    reading.heading = record.angle;
  }
  reading.speed = record.speed * MPH_PER_KMH;
  reading.altitude = record.altitude;
  reading.satellites = record.satellites;
  // The GPS element's unknown signals; IO elements' follow, within the reading's limit.
  let extras = 2;
  let cells: number[] | null = null;
  for (const element of record.io) {
    const mapping = profile.get(element.id);
    if (element.length > 8) {
      leftovers.tooLong++;
      continue;
    }
    if (mapping === undefined) {
      unmapped?.(element.id, element.value);
      if (extras >= TELEMETRY_LIMITS.maxExtraSignals) leftovers.overLimit++;
      else {
        reading[`io${element.id}`] = element.value;
        extras++;
      }
      continue;
    }
    const raw = mapping.signed ? element.signedValue : element.value;
    const value = (mapping.divisor ? raw / mapping.divisor : raw * mapping.scale) + mapping.offset;
    if (mapping.key === null) (cells ??= [])[mapping.cell] = value;
    else if (mapping.known) reading[mapping.key] = value;
    else if (extras >= TELEMETRY_LIMITS.maxExtraSignals) leftovers.overLimit++;
    else {
      reading[mapping.key] = value;
      extras++;
    }
  }
  if (cells !== null && isDense(cells)) reading.cells = cells;
  return reading;
}

/** The cells are a list from cell 1: with one missing, none can be placed. */
function isDense(cells: number[]): boolean {
  for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) return false;
  return true;
}
