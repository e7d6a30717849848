import { noValues, SIGNAL_INDEX, STORED_SIGNALS } from '../readings/reading.js';
import type { StoredRow } from '../readings/stored-row.js';

export interface VehicleLiveState {
  vehicleId: number;
  values: Record<string, number>;
  cells: number[] | null;
  lastReported: number | null;
  canLastReported: number | null;
  gpsLastReported: number | null;
  lastChargedAt: number | null;
}

/**
 * A vehicle's state as kept: its newest value of each stored signal by place, as the reading has
 * them (NaN: none since loaded), over the values known by name (the stored row's, unknown
 * signals'). Storing 24 doubles by name into an object each reading was half of this module's
 * time (a megamorphic store, a boxed number and a write barrier each); `values` is made by name
 * once a second and when asked for.
 */
export interface KeptState extends Omit<VehicleLiveState, 'values'> {
  named: Record<string, number>;
  /**
   * The newest reading's unknown signals, over `named`, and whose keys they are (Reading's
   * `extraKeys`): a tracker's next record of the same keys replaces them whole, and they are merged
   * into `named` only when a reading of other keys comes. Merging twenty-odd keys a record was two
   * thirds of this module's time on a Teltonika record.
   */
  newestExtra: Record<string, number> | null;
  newestExtraKeys: object | undefined;
  newest: number[];
}

/** The state of a vehicle nothing is known of yet. */
export const unknownState = (vehicleId: number): KeptState => ({
  vehicleId,
  named: {},
  newestExtra: null,
  newestExtraKeys: undefined,
  newest: noValues(),
  cells: null,
  lastReported: null,
  canLastReported: null,
  gpsLastReported: null,
  lastChargedAt: null,
});

export const valuesOf = ({
  named,
  newestExtra,
  newest,
}: Pick<KeptState, 'named' | 'newestExtra' | 'newest'>): Record<string, number> => {
  const values = newestExtra ? { ...named, ...newestExtra } : { ...named };
  for (let i = 0; i < STORED_SIGNALS.length; i++) if (!Number.isNaN(newest[i])) values[STORED_SIGNALS[i]] = newest[i];
  return values;
};
export const liveState = (s: KeptState): VehicleLiveState => ({
  vehicleId: s.vehicleId,
  values: valuesOf(s),
  cells: s.cells,
  lastReported: s.lastReported,
  canLastReported: s.canLastReported,
  gpsLastReported: s.gpsLastReported,
  lastChargedAt: s.lastChargedAt,
});

/** Which places of a reading's values are GPS, not CAN: a reading of only these is no CAN report. */
const IS_GPS = STORED_SIGNALS.map((k) => ['gpsLat', 'gpsLong', 'gpsSignal', 'heading', 'speed'].includes(k));
const [CHARGE_STATUS, GPS_LAT, GPS_LONG] = [SIGNAL_INDEX.chargeStatus, SIGNAL_INDEX.gpsLat, SIGNAL_INDEX.gpsLong];

/** A committed reading's change to its vehicle's state. */
export function applyReading(state: KeptState, { reading }: StoredRow) {
  const { values, ts } = reading;
  // A late reading fills in history but never replaces a newer "last value".
  const newest = (state.lastReported ?? 0) <= ts;
  let hasCan = reading.cells !== null || reading.extra !== null;
  for (let i = 0; i < STORED_SIGNALS.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) continue;
    if (!hasCan && !IS_GPS[i]) hasCan = true;
    if (newest) state.newest[i] = v;
  }
  if (values[CHARGE_STATUS] === 1 && (state.lastChargedAt ?? 0) < ts) state.lastChargedAt = ts;
  if (hasCan && (state.canLastReported ?? 0) < ts) state.canLastReported = ts;
  if (!Number.isNaN(values[GPS_LAT]) && !Number.isNaN(values[GPS_LONG]) && (state.gpsLastReported ?? 0) < ts)
    state.gpsLastReported = ts;
  if (!newest) return;
  state.lastReported = ts;
  if (reading.extra) {
    const keys = reading.extraKeys;
    if (state.newestExtra && (keys === undefined || keys !== state.newestExtraKeys))
      Object.assign(state.named, state.newestExtra);
    state.newestExtra = reading.extra;
    state.newestExtraKeys = keys;
  }
  if (reading.cells) state.cells = reading.cells;
}
