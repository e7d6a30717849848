import { DEFAULT_THRESHOLDS, parseThresholdSheet, TEMPLATE_TEXTS, type AlertAttribute } from '@evfleet/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyAttribute,
  newRangePoint,
  rangeButton,
  setBound,
  setRange,
  toggleRange,
} from '../src/components/thresholds/attribute-edit';
import { freshKey, withoutFresh } from '../src/components/thresholds/fresh-ranges';
import { THRESHOLD_EXAMPLE_HREF } from '../src/components/thresholds/example-sheet';
import { uploadFailureMessage } from '../src/components/thresholds/sheet-upload';

const attribute = (name: string): AlertAttribute => structuredClone(DEFAULT_THRESHOLDS.find((a) => a.name === name)!);

describe('threshold editing (part 2 §4, §5, §9)', () => {
  it('sets one bound or a whole range of one band by index, leaving the rest', () => {
    const cell = attribute('cellVoltage');
    const next = setBound(cell, 'warning', 1, 'high', 3.95);
    expect(next.warning).toEqual([
      { low: 2.7, high: 3.01 },
      { low: 3.7, high: 3.95 },
    ]);
    expect(next.sever).toBe(cell.sever);
    expect(cell.warning[1].high).toBe(3.9);
    expect(setRange(cell, 'normal', 0, { low: 3, high: 3.5 }).normal).toEqual([{ low: 3, high: 3.5 }]);
  });

  it('adds a second Moderate or Severe range at 1-1 and removes it again, never a third', () => {
    const speed = attribute('speedAlert');
    expect(rangeButton(speed, 'warning')).toBe('add');
    const two = toggleRange(speed, 'warning');
    expect(two.warning).toEqual([
      { low: 38, high: 45 },
      { low: 1, high: 1 },
    ]);
    expect(rangeButton(two, 'warning')).toBe('remove');
    expect(toggleRange(two, 'warning').warning).toEqual([{ low: 38, high: 45 }]);
  });

  it('offers a first range where a band has none, and nothing more for Normal', () => {
    const limp = attribute('limpMode');
    expect(limp.warning).toEqual([]);
    expect(toggleRange(limp, 'warning').warning).toEqual([{ low: 1, high: 1 }]);
    expect(rangeButton(limp, 'normal')).toBeNull();
    const gear = emptyAttribute('gearSelector');
    expect([gear.normal, gear.warning, gear.sever]).toEqual([[], [], []]);
    expect(rangeButton(gear, 'normal')).toBe('add');
  });
});

describe('the threshold sheet on the web side, and new ranges', () => {
  it('offers an example sheet that the parser reads back as the default thresholds', () => {
    const csv = decodeURIComponent(THRESHOLD_EXAMPLE_HREF.replace(/^data:text\/csv;charset=utf-8,/, ''));
    const rows = csv.split('\r\n').map((line) => line.split(','));
    const parsed = parseThresholdSheet(rows, []);
    expect(parsed.ok && parsed.attributes).toEqual(DEFAULT_THRESHOLDS);
  });

  it("shows the server's reason for a refused sheet, else 'Upload File Failed.'", () => {
    const call = (status: number, body: unknown) => ({
      status,
      url: 'api/vehicle-templates/upload/1',
      headers: {},
      body,
    });
    const refusal = { status: 400, message: 'Row 3, column C: Low must be a number, not "abc".' };
    expect(uploadFailureMessage(call(400, refusal))).toBe(refusal.message);
    expect(uploadFailureMessage(call(413, { status: 413, message: 'The spreadsheet is larger than 2 MB.' }))).toBe(
      'The spreadsheet is larger than 2 MB.',
    );
    const fields = {
      status: 400,
      message: 'error.validation',
      fieldErrors: [{ objectName: 'sheet', field: 'file', message: 'A file is required.' }],
    };
    expect(uploadFailureMessage(call(400, fields))).toBe('A file is required.');
    expect(uploadFailureMessage(call(500, { status: 500, message: 'Internal Error' }))).toBe(
      TEMPLATE_TEXTS.uploadFailed,
    );
    expect(uploadFailureMessage(call(0, null))).toBe(TEMPLATE_TEXTS.uploadFailed);
  });

  it('starts a new range inside the metric and where no range is, 1-1 only when 1 is free and in range', () => {
    // Cell voltage runs 1.5-5: 1 would sit below the slider; the first free value is its top.
    const cell = attribute('cellVoltage');
    expect(newRangePoint(cell)).toBe(5);
    expect(toggleRange({ ...cell, sever: [cell.sever[0]] }, 'sever').sever[1]).toEqual({ low: 4, high: 4 });
    const pack = attribute('packVoltage');
    expect(toggleRange({ ...pack, warning: [pack.warning[0]] }, 'warning').warning[1]).toEqual({ low: 78, high: 78 });
    expect(newRangePoint(attribute('milesToEmpty'))).toBe(1);
    // Every value of Speed Alert is taken: 1-1, which the editor does not call an error until touched.
    expect(newRangePoint(attribute('speedAlert'))).toBe(1);
  });

  it('leaves an untouched new range out of the problems, keeping the other indexes', () => {
    const speed = toggleRange(attribute('speedAlert'), 'warning');
    const fresh = new Set([freshKey('warning', 1)]);
    expect(withoutFresh(speed, fresh).warning).toEqual([{ low: 38, high: 45 }]);
    expect(withoutFresh(speed, fresh).normal).toEqual([{ low: 0, high: 37 }]);
    expect(withoutFresh(speed, new Set())).toBe(speed);
  });
});
