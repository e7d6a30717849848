import { DEFAULT_THRESHOLDS, type Vehicle } from '@evfleet/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { firstErrorMessage } from '../src/components/first-error-message';
import { formValuesOf } from '../src/features/vehicles/form/vehicle-form-values';
import { createFormat } from '../src/components/format/format';
import { vehicleColumns } from '../src/features/vehicles/list/vehicleColumns';
import { en } from '../src/features/vehicles/locales/en';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: { en: { vehicles: en } },
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
});
const t = i18n.getFixedT('en', 'vehicles');
const english = createFormat({ language: 'en', hourCycle: '24h' });
const since = (iso: string, serverNow: string, language = 'en') =>
  createFormat({ language, hourCycle: '24h' }).relative(iso, Date.parse(serverNow));

const headers = (admin: boolean) =>
  vehicleColumns({ admin, onToggleStatus: () => undefined, t, format: english }).map((column) => column.headerName);

describe('vehicle list columns (part 2 §2, §6)', () => {
  it('shows administrators every column in the spec order', () => {
    expect(headers(true)).toEqual([
      'Vehicle Name',
      'VIN#',
      'GPS Last Reported',
      'Last Connected',
      'GPS Signal',
      'LTE Signal',
      'Dealer Name',
      'Template Name',
      'Status',
      'ID#',
      'Action',
    ]);
  });
  it('hides ID#, Status, Template Name and Dealer Name from everyone else', () => {
    expect(headers(false)).toEqual([
      'Vehicle Name',
      'VIN#',
      'GPS Last Reported',
      'Last Connected',
      'GPS Signal',
      'LTE Signal',
      'Action',
    ]);
  });
});

describe('times relative to the server clock (§2)', () => {
  it("measures against the server's current GMT time, not the browser's", () => {
    expect(since('2026-11-22T10:00:00Z', '2026-11-22T13:00:00Z')).toBe('3 hours ago');
  });
  it("speaks the portal's language", () => {
    expect(since('2026-11-22T10:00:00Z', '2026-11-22T13:00:00Z', 'de')).toBe('vor 3 Stunden');
  });
});

describe('vehicle form values (§4)', () => {
  it('starts a new vehicle active, without notifications, on the default thresholds', () => {
    const values = formValuesOf(undefined);
    expect(values).toMatchObject({ status: true, smsNotification: false, emailNotification: false });
    expect(values.attributes).toEqual(DEFAULT_THRESHOLDS);
  });
  it("loads a stored vehicle's own thresholds and turns missing texts into empty inputs", () => {
    const own = [{ ...DEFAULT_THRESHOLDS[0], normal: [{ low: 3.2, high: 3.6 }] }];
    const values = formValuesOf({
      id: 7,
      name: 'Cart',
      vin: 'V1',
      dealerId: 3,
      templateId: null,
      iotVersion: null,
      pcmVersion: 'P',
      cells: 28,
      timeZone: 'UTC',
      status: false,
      smsNotification: true,
      emailNotification: false,
      attributes: own,
    } as unknown as Vehicle);
    expect(values).toMatchObject({
      id: 7,
      dealerId: 3,
      templateId: '',
      iotVersion: '',
      pcmVersion: 'P',
      cells: 28,
      status: false,
      attributes: own,
    });
  });
  it('finds the first message deep in nested threshold errors', () => {
    expect(
      firstErrorMessage([
        undefined,
        { warning: [{ low: { message: 'Cannot set this range for Cell Voltage', ref: {} } }] },
      ]),
    ).toBe('Cannot set this range for Cell Voltage');
    expect(firstErrorMessage(undefined)).toBeUndefined();
  });
});
