import { VEHICLE_CAN_CELLS, vehicleCanId, type VehicleCanRecord, type VehicleCanWrite } from '@evfleet/domain';
import type { canReading } from '../../../db/telemetry-schema.js';
import { fieldErrors } from '../../../http/errors.js';
import { valuesFrom, type Reading, type StoredSignal } from '../../../readings/reading.js';

/**
 * Where each field of the seed's vehicle-can record lives in a reading (docs/records.md): most are
 * signals with a column of their own, bt1…bt27 are cells 1 to 27, and the four with no signal of
 * their own are unknown signals kept in `extra` (shown by reports after the known ones).
 */
export const SIGNAL_OF = {
  batteryCharged: 'batteryCharge',
  chargeStatus: 'chargeStatus',
  milesToEmpty: 'milesToEmpty',
  lastCharged: 'daysNotCharged',
  odometer: 'odometer',
  houseBattery: 'battery12v',
  packVoltage: 'packVoltage',
  avgCellTemp: 'cellPackTemp',
  battryCurrent: 'vehicleCurrent',
  motorCurrent: 'motorCurrent',
  motorRpm: 'motorRpm',
  motorTemp: 'motorTemp',
  controllerTemp: 'controllerTemp',
  cabinTemp: 'cabinTemp',
  latitude: 'gpsLat',
  longitude: 'gpsLong',
} as const satisfies Partial<Record<keyof VehicleCanWrite, StoredSignal>>;
export const EXTRA_FIELDS = ['mpge', 'tco', 'cellVoltage', 'cellTemp'] as const;
type CellField = Extract<keyof VehicleCanWrite, `bt${number}`>;
const BT = Array.from({ length: VEHICLE_CAN_CELLS }, (_, i) => `bt${i + 1}` as CellField);

export type StoredReading = Omit<typeof canReading.$inferSelect, 'receivedAt'> & { vehicleName: string };

/** A stored reading as the record screens show it. */
export function presentReading(row: StoredReading): VehicleCanRecord {
  const signals = Object.fromEntries(
    Object.entries(SIGNAL_OF).map(([field, signal]) => [field, row[signal]]),
  ) as Record<keyof typeof SIGNAL_OF, number | null>;
  const extra = Object.fromEntries(EXTRA_FIELDS.map((f) => [f, row.extra?.[f] ?? null])) as Record<
    (typeof EXTRA_FIELDS)[number],
    number | null
  >;
  const cells = Object.fromEntries(BT.map((k, i) => [k, row.cells?.[i] ?? null]));
  return {
    id: vehicleCanId(row.vehicleId, row.ts.getTime()),
    recordedTime: row.ts.toISOString(),
    vehicle: { id: row.vehicleId, name: row.vehicleName },
    ...signals,
    ...extra,
    ...cells,
    chargeStatus: (row.chargeStatus ?? 0) >= 0.5,
  } as VehicleCanRecord;
}

/**
 * The reading a form describes, laid over the stored one when correcting: signals the form does
 * not show (speed, gear, limp mode…), cells past 27 and other unknown signals are kept.
 */
export function readingOf(input: VehicleCanWrite, ts: number, stored?: StoredReading): Reading {
  const signals: Partial<Record<StoredSignal, number>> = {};
  if (stored) {
    for (const [k, v] of Object.entries(stored))
      if (typeof v === 'number' && k !== 'vehicleId') signals[k as StoredSignal] = v;
  }
  for (const [field, signal] of Object.entries(SIGNAL_OF)) {
    const v =
      field === 'chargeStatus'
        ? input.chargeStatus
          ? 1
          : 0
        : (input[field as keyof typeof SIGNAL_OF] as number | null);
    if (v === null) delete signals[signal];
    else signals[signal] = v;
  }
  const extra: Record<string, number> = { ...stored?.extra };
  for (const f of EXTRA_FIELDS) {
    if (input[f] === null) delete extra[f];
    else extra[f] = input[f];
  }
  const cells: (number | null)[] = [...(stored?.cells ?? [])];
  BT.forEach((k, i) => (cells[i] = input[k]));
  while (cells.length && cells[cells.length - 1] === null) cells.pop();
  // Cells are a list from cell 1: a cell left empty before a filled one would shift the others.
  const hole = cells.indexOf(null);
  if (hole >= 0)
    throw fieldErrors('vehicleCan', {
      [BT[hole] ?? `bt${hole + 1}`]: 'Cells are numbered from 1: enter this cell too.',
    });
  return {
    ts,
    values: valuesFrom(signals),
    cells: cells.length ? (cells as number[]) : null,
    extra: Object.keys(extra).length ? extra : null,
  };
}
