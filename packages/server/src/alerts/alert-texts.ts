import { alertTime, alertValue, type AlertFacts, type MetricName } from '@evfleet/domain';

/**
 * The built-in texts per attribute (part 2 §3: used when no email template applies). The spec names
 * the attributes but not the wording; this wording is ours (docs/alerts.md).
 */
const WHAT: Partial<Record<MetricName, (v: string) => string>> = {
  motorCurrent: (v) => `motor current is ${v} A`,
  cellPackTemp: (v) => `cell pack temperature is ${v} °F`,
  brakePressure: (v) => `brake pressure is ${v} psi`,
  cabinTemp: (v) => `cabin temperature is ${v} °F`,
  packVoltage: (v) => `pack voltage is ${v} V`,
  milesToEmpty: (v) => `only ${v} miles to empty`,
  daysSincePluggedIn: (v) => `not plugged in for ${v} days`,
  speedAlert: (v) => `speed is ${v} mph`,
  '12vBattery': (v) => `12 V battery is at ${v} V`,
  batteryPercentage: (v) => `battery charge is ${v} %`,
  gpsSignal: (v) => `GPS signal quality is ${v}`,
  cellVoltage: (v) => `a cell is at ${v} V`,
  limpMode: () => 'the vehicle is in limp mode',
  gearSelector: (v) => `gear selector reads ${v}`,
};

/** What an alert is about: the facts templates and built-in texts are filled with. */
export type AlertContext = AlertFacts;

export function defaultAlertText(c: AlertContext): string {
  const what = WHAT[c.metric]?.(alertValue(c.value)) ?? `${c.displayName} is ${alertValue(c.value)}`;
  const head = c.band === 'NORMAL' ? `${c.displayName} is back to NORMAL` : `${c.band}: ${what}`;
  return `${c.vehicleName} (VIN ${c.vin}): ${head} at ${alertTime(c.at)}.`;
}

export const alertSubject = (c: AlertContext) =>
  `evfleet ${c.band === 'NORMAL' ? 'recovered' : c.band}: ${c.vehicleName} ${c.displayName}`;
