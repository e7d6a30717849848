import { SIGNAL_DICTIONARY } from './signal-dictionary.js';
import type { MetricName, Severity } from './thresholds.js';

/**
 * The placeholders an email template may use (docs/alerts.md). A template naming any other is
 * refused when saved, so a mail never goes out with a literal '{vehicleNmae}'.
 */
export const ALERT_PLACEHOLDERS = {
  vehicleName: 'the vehicle name',
  vin: 'the VIN',
  metric: "the attribute's display name, e.g. Motor Current",
  value: 'the value that crossed the threshold, to two decimals',
  unit: "the attribute's unit, e.g. A",
  band: 'WARNING or SEVERE',
  time: 'when it happened, DD/MM/YYYY HH:mm GMT',
} as const;
export type AlertPlaceholder = keyof typeof ALERT_PLACEHOLDERS;

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** Names between braces that are not placeholders, each once, in order of appearance. */
export function unknownPlaceholders(template: string): string[] {
  const found = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !(name in ALERT_PLACEHOLDERS));
  return [...new Set(found)];
}

export interface AlertFacts {
  vehicleName: string;
  vin: string;
  metric: MetricName;
  displayName: string;
  band: Severity;
  value: number;
  at: Date;
}

/** A moment as the warning log's Date column writes it by default (part 2: DD/MM/YYYY HH:mm GMT). */
export function alertTime(at: Date): string {
  const [date, time] = at.toISOString().split('T');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time.slice(0, 5)} GMT`;
}
export const alertValue = (v: number) => String(Math.round(v * 100) / 100);

/** A template with its placeholders filled in. */
export function renderAlertTemplate(template: string, facts: AlertFacts): string {
  const values: Record<AlertPlaceholder, string> = {
    vehicleName: facts.vehicleName,
    vin: facts.vin,
    metric: facts.displayName,
    value: alertValue(facts.value),
    unit: SIGNAL_DICTIONARY[facts.metric].unit,
    band: facts.band,
    time: alertTime(facts.at),
  };
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as AlertPlaceholder] : whole,
  );
}
