import { MAX_CELLS } from './signals.js';

/** What a person reads about a signal: its name, its unit and one line on what it measures. */
export interface SignalInfo {
  name: string;
  /** The unit a label shows in brackets ('%', 'V'); empty for states and counts that have none. */
  unit: string;
  description: string;
}

const info = (name: string, unit: string, description: string): SignalInfo => ({ name, unit, description });

// Meanings several keys share: a record field, a stored signal and an alert metric may name one quantity.
const BATTERY_CHARGE = info('Battery Charge', '%', "State of charge of the vehicle's traction battery.");
const PACK_VOLTAGE = info('Pack Voltage', 'V', 'Voltage across the whole traction battery pack.');
const CHARGE_STATUS = info('Charge Status', '', '1 (on) while the vehicle is charging, 0 (off) otherwise.');
const BATTERY_12V = info(
  '12V Battery',
  'V',
  'Voltage of the 12 V auxiliary battery that powers lights and electronics.',
);
const MILES_TO_EMPTY = info('Miles To Empty', 'mi', 'Estimated distance the vehicle can still drive on its charge.');
const DAYS_NOT_CHARGED = info('Days Not Charged', 'days', 'Days since the vehicle was last plugged in to charge.');
const LIMP_MODE = info('Limp Mode', '', '1 while the controller limits power to protect the vehicle, 0 otherwise.');
const GEAR = info('Gear Selector', '', 'Selected gear: 1 drive, 2 neutral, 3 reverse, anything else park.');
const SPEED = info('Speed', 'mph', 'Road speed of the vehicle.');
const MOTOR_CURRENT = info('Motor Current', 'A', 'Current through the drive motor.');
const CABIN_TEMP = info('Cabin Temperature', '°F', 'Air temperature inside the cabin.');
const CELL_PACK_TEMP = info('Cell Pack Temperature', '°F', 'Temperature of the battery cell pack.');
const BRAKE_PRESSURE = info('Brake Pressure', 'psi', 'Hydraulic pressure in the brake system.');
const GPS_SIGNAL = info('GPS Signal', '', 'Quality of the satellite fix, from 0 (no fix) to 6.');
const GPS_LAT = info('GPS Latitude', '°', 'Latitude of the vehicle’s GPS position (WGS 84).');
const GPS_LONG = info('GPS Longitude', '°', 'Longitude of the vehicle’s GPS position (WGS 84).');
const CELL_VOLTAGE = info('Cell Voltage', 'V', 'Voltage of a single battery cell.');
const CURRENT_NOTE = 'negative while charging';

/**
 * The one dictionary of signal names: every key a reading, a CAN record, an alert metric,
 * a report or a chart uses, by its key as the API spells it (`battryCurrent` stays so), with the
 * name, unit and description the screens show. Battery cells (cell1…cell32, bt1…bt27) are named by
 * `signalInfo`. A key missing here is shown as the key itself: a signal a device invented.
 */
export const SIGNAL_DICTIONARY = {
  // Stored signals (signals.ts), in report order.
  batteryCharge: BATTERY_CHARGE,
  packVoltage: PACK_VOLTAGE,
  chargeStatus: CHARGE_STATUS,
  battery12v: BATTERY_12V,
  vehicleCurrent: info('Vehicle Current', 'A', `Current drawn from the traction battery; ${CURRENT_NOTE}.`),
  limpMode: LIMP_MODE,
  gear: GEAR,
  speed: SPEED,
  motorRpm: info('Motor Speed', 'rpm', 'Rotational speed of the drive motor.'),
  controllerTemp: info('Controller Temperature', '°F', 'Temperature of the motor controller.'),
  motorTemp: info('Motor Temperature', '°F', 'Temperature of the drive motor.'),
  odometer: info('Odometer', 'mi', 'Total distance the vehicle has driven.'),
  daysNotCharged: DAYS_NOT_CHARGED,
  gpsLat: GPS_LAT,
  gpsLong: GPS_LONG,
  gpsSignal: GPS_SIGNAL,
  lteSignal: info('LTE Signal', '', 'Strength of the mobile network signal, from 0 to 5 bars.'),
  milesToEmpty: MILES_TO_EMPTY,
  cabinTemp: CABIN_TEMP,
  brakePressure: BRAKE_PRESSURE,
  motorCurrent: MOTOR_CURRENT,
  throttle: info('Throttle', '%', 'How far the accelerator pedal is pressed.'),
  heading: info('Heading', '°', 'Direction of travel, in degrees clockwise from magnetic north.'),
  cellPackTemp: CELL_PACK_TEMP,

  // Fields of a vehicle CAN record (records.ts) that name a quantity under a key of their own.
  batteryCharged: BATTERY_CHARGE,
  lastCharged: info('Last Charged', 'days ago', 'Days since the vehicle was last charged.'),
  houseBattery: BATTERY_12V,
  mpge: info('Efficiency', 'MPGe', 'Energy used, as miles per gallon of gasoline equivalent.'),
  tco: info('Total Cost of Ownership', '', 'Total cost of ownership figure reported for the vehicle.'),
  avgCellTemp: info('Average Cell Temperature', '°F', 'Average temperature of the battery cells.'),
  cellVoltage: CELL_VOLTAGE,
  cellTemp: info('Cell Temperature', '°F', 'Temperature of a single battery cell.'),
  battryCurrent: info('Battery Current', 'A', `Current drawn from the traction battery; ${CURRENT_NOTE}.`),
  latitude: GPS_LAT,
  longitude: GPS_LONG,

  // Alert metrics (thresholds.ts) not named above, under the names their attributes are stored with.
  batteryPercentage: { ...BATTERY_CHARGE, name: 'Battery Percentage' },
  speedAlert: { ...SPEED, name: 'Speed Alert' },
  '12vBattery': BATTERY_12V,
  daysSincePluggedIn: { ...DAYS_NOT_CHARGED, name: 'Days Since Plugged In' },
  gearSelector: GEAR,
} as const satisfies Record<string, SignalInfo>;
export type NamedSignal = keyof typeof SIGNAL_DICTIONARY;

/** cell1…cell32 (reports, device readings) and bt1…bt27 (CAN records): one battery cell's voltage. */
const CELL = /^(?:cell|bt)([1-9]\d?)$/;

/** What the dictionary says of a key, or undefined for a signal it does not know. */
export function signalInfo(key: string): SignalInfo | undefined {
  if (Object.hasOwn(SIGNAL_DICTIONARY, key)) return SIGNAL_DICTIONARY[key as NamedSignal];
  const cell = Number(CELL.exec(key)?.[1] ?? 0);
  return cell >= 1 && cell <= MAX_CELLS ? info(`Cell ${cell}`, 'V', `Voltage of battery cell ${cell}.`) : undefined;
}

/** A signal's name; an unknown signal is shown under its key. */
export const signalName = (key: string) => signalInfo(key)?.name ?? key;

/** A signal's name with its unit in brackets, as labels, columns and axes show it: 'Battery Current (A)'. */
export function signalLabel(key: string): string {
  const known = signalInfo(key);
  if (!known) return key;
  return known.unit ? `${known.name} (${known.unit})` : known.name;
}
