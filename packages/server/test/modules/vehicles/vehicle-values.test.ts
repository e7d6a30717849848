import { CELL_COUNTS, DEFAULT_THRESHOLDS, effectiveThresholds, vehicleWriteSchema } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import { vehicleValues } from '../../../src/modules/vehicles/records/vehicle-values.js';

const input = (more: Record<string, unknown> = {}) =>
  vehicleWriteSchema.parse({ name: 'Van 1', vin: 'VIN1', dealerId: 1, templateId: 10, cells: CELL_COUNTS[0], ...more });
const templateAttributes = [DEFAULT_THRESHOLDS[0]];
const own = [DEFAULT_THRESHOLDS[1]];

describe('the values a vehicle save writes', () => {
  it('starts a new vehicle from its template’s thresholds, in no fleet', () => {
    const v = vehicleValues(input(), null, templateAttributes);
    expect(v.attributes).toEqual(templateAttributes);
    expect(v).toMatchObject({ fleetId: null, driverId: null, dealerId: 1, templateId: 10 });
  });

  it('starts from the defaults when the template has none', () => {
    expect(vehicleValues(input(), null, null).attributes).toEqual(effectiveThresholds({}));
  });

  it('keeps its own thresholds and its fleet when the template and dealer stay', () => {
    const v = vehicleValues(input(), { templateId: 10, dealerId: 1, attributes: own }, templateAttributes);
    expect(v.attributes).toEqual(own);
    expect(v).not.toHaveProperty('fleetId');
    expect(v).not.toHaveProperty('driverId');
  });

  it('takes the new template’s thresholds, and leaves fleet and driver when moved to another dealer', () => {
    const v = vehicleValues(input(), { templateId: 11, dealerId: 2, attributes: own }, templateAttributes);
    expect(v.attributes).toEqual(templateAttributes);
    expect(v).toMatchObject({ fleetId: null, driverId: null });
  });

  it('writes the thresholds given over any other', () => {
    const v = vehicleValues(input({ attributes: own }), null, templateAttributes);
    expect(v.attributes).toEqual(own);
  });
});
