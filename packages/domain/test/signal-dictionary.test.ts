import { describe, expect, it } from 'vitest';
import {
  CHART_SIGNALS,
  EXTRA_SIGNALS,
  FIXED_SIGNAL_SETTINGS,
  METRIC_NAMES,
  METRICS,
  renderAlertTemplate,
  SIGNAL_DICTIONARY,
  SIGNAL_KEYS,
  reportColumnOf,
  signalInfo,
  signalKeyOfColumn,
  signalLabel,
  signalName,
  vehicleCanRecord,
} from '../src/index.js';

/** The signal keys each screen names: CAN record fields, alert metrics, report signal settings, charts. */
const recordSignalKeys = Object.entries(vehicleCanRecord.fields)
  .filter(([, field]) => field.kind === 'number')
  .map(([key]) => key);
const USED_KEYS = {
  records: recordSignalKeys,
  thresholds: METRIC_NAMES,
  reports: Object.keys(FIXED_SIGNAL_SETTINGS),
  charts: [...CHART_SIGNALS],
  stored: [...SIGNAL_KEYS, ...EXTRA_SIGNALS.map((s) => s.key)],
};

describe('the signal dictionary', () => {
  it.each(Object.entries(USED_KEYS))('names every signal key %s use', (_, keys) => {
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => signalInfo(key) === undefined)).toEqual([]);
  });

  it('gives proper names, never a key: no camelCase, capitalised, different from the key', () => {
    const all = [...new Set(Object.values(USED_KEYS).flat())];
    const raw = all.filter((key) => {
      const { name } = signalInfo(key)!;
      return name === key || /[a-z][A-Z]/.test(name) || !/^[A-Z0-9]/.test(name);
    });
    expect(raw).toEqual([]);
    for (const key of all) {
      const { unit, description } = signalInfo(key)!;
      // A unit is short ('%', 'days ago'); what a value means goes in the one-line description.
      expect(unit.length, key).toBeLessThanOrEqual(8);
      expect(description, key).toMatch(/^[A-Z0-9].{10,120}\.$/);
    }
  });

  it('finds the signal behind each report column, so the grid can name it', () => {
    const keys = [...Object.keys(FIXED_SIGNAL_SETTINGS), 'heading', 'tirePressureFL'];
    expect(keys.map((key) => signalKeyOfColumn(reportColumnOf(key)))).toEqual(keys);
    expect(['Date', 'Cell 33'].map(signalKeyOfColumn)).toEqual(['Date', 'Cell 33']);
  });

  it('keeps the misspelt API key and names it properly', () => {
    expect(Object.hasOwn(SIGNAL_DICTIONARY, 'battryCurrent')).toBe(true);
    expect(signalLabel('battryCurrent')).toBe('Battery Current (A)');
    expect(signalInfo('battryCurrent')?.description).toContain('negative while charging');
  });

  it('names cells, leaves the unit out of brackets when there is none, and shows unknown keys as they are', () => {
    expect([signalLabel('cell12'), signalLabel('bt3'), signalInfo('cell33')]).toEqual([
      'Cell 12 (V)',
      'Cell 3 (V)',
      undefined,
    ]);
    expect(signalLabel('heading')).toBe('Heading (°)');
    expect(signalLabel('cellPackTemp')).toBe('Cell Pack Temperature (°F)');
    expect(signalLabel('chargeStatus')).toBe('Charge Status');
    expect([signalLabel('tirePressureFL'), signalName('auxFanSpeed')]).toEqual(['tirePressureFL', 'auxFanSpeed']);
    // Object's own properties are not signals.
    expect(signalInfo('constructor')).toBeUndefined();
  });

  it('labels the CAN record form from it: name and unit in the label, description under the input', () => {
    const { battryCurrent, bt27, latitude } = vehicleCanRecord.fields;
    expect([battryCurrent.label, battryCurrent.hint]).toEqual([
      'Battery Current (A)',
      'Current drawn from the traction battery; negative while charging.',
    ]);
    expect(bt27.label).toBe('Cell 27 (V)');
    expect(latitude.label).toBe('GPS Latitude (°)');
    for (const field of Object.values(vehicleCanRecord.fields)) expect(field.label).not.toMatch(/,|Battry|\bBt\b/);
  });

  it('is where alert metrics take their names and alert mails their units', () => {
    expect(METRIC_NAMES.map((m) => METRICS[m].displayName)).toEqual(METRIC_NAMES.map(signalName));
    expect(METRICS.batteryPercentage.displayName).toBe('Battery Percentage');
    const mail = renderAlertTemplate('{metric} {value} {unit}', {
      vehicleName: 'EV 1',
      vin: 'V1',
      metric: 'cabinTemp',
      displayName: METRICS.cabinTemp.displayName,
      band: 'SEVERE',
      value: 120,
      at: new Date(0),
    });
    expect(mail).toBe('Cabin Temperature 120 °F');
  });
});
