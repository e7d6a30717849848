import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/http/errors.js';
import { SHEET_LIMITS, unpackedSheet } from '../../../src/modules/vehicles/thresholds/sheet-limits.js';
import { xlsxWith, zipOf } from '../../support/hostile-xlsx.js';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof HttpError ? `${error.status} ${error.message}` : String(error)),
  );

/** The limits of an unpacked xlsx, at their edges: one under is read, one over is refused. */
describe('an uploaded xlsx unpacked within its limits', () => {
  it('counts rows across the chunks they inflate in', async () => {
    // The header row and rows of 12 bytes: many straddle the inflater's 16 KB chunks.
    expect(await refusal(unpackedSheet(xlsxWith('<row r="2"/>', SHEET_LIMITS.rows - 1)))).toBe('accepted');
    expect(await refusal(unpackedSheet(xlsxWith('<row r="2"/>', SHEET_LIMITS.rows)))).toBe(
      `413 The spreadsheet has more than ${SHEET_LIMITS.rows} rows.`,
    );
    // Other elements whose names start with "row" are not rows.
    expect(await refusal(unpackedSheet(xlsxWith('<rowBreaks/>', SHEET_LIMITS.rows)))).toBe('accepted');
  });

  it('counts XML elements in every part, not end tags', async () => {
    const base = 32; // the elements of xlsxWith's fixed parts and header row (declarations included)
    expect(await refusal(unpackedSheet(xlsxWith('<a></a>', SHEET_LIMITS.elements - base)))).toBe('accepted');
    expect(await refusal(unpackedSheet(xlsxWith('<a></a>', SHEET_LIMITS.elements - base + 1)))).toMatch(/^413 /);
    expect(
      await refusal(
        unpackedSheet(xlsxWith('', 0, { 'docProps/custom.xml': { unit: '<b/>', repeat: SHEET_LIMITS.elements } })),
      ),
    ).toBe(`413 The spreadsheet has more than ${SHEET_LIMITS.elements} cells and other elements.`);
  });

  it('limits the bytes of a part and of all parts together, and the number of parts', async () => {
    const part = SHEET_LIMITS.entryBytes;
    expect(await refusal(unpackedSheet(xlsxWith('', 0, { 'xl/media/a.bin': { unit: 'x', repeat: part } })))).toBe(
      'accepted',
    );
    expect(await refusal(unpackedSheet(xlsxWith('', 0, { 'xl/media/a.bin': { unit: 'x', repeat: part + 1 } })))).toBe(
      '413 A part of the spreadsheet is larger than 2 MB unpacked.',
    );
    const parts = Object.fromEntries(
      Array.from({ length: 3 }, (_, i) => [`xl/media/${i}.bin`, { unit: 'x', repeat: part - 1 }]),
    );
    expect(await refusal(unpackedSheet(xlsxWith('', 0, parts)))).toBe(
      '413 The spreadsheet is larger than 4 MB unpacked.',
    );
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`xl/media/${i}.bin`, 'x']));
    expect(await refusal(unpackedSheet(xlsxWith('', 0, many(SHEET_LIMITS.entries - 5))))).toBe('accepted');
    expect(await refusal(unpackedSheet(xlsxWith('', 0, many(SHEET_LIMITS.entries - 4))))).toBe(
      '413 The spreadsheet has more than 100 parts inside it.',
    );
  });

  it('refuses an entry that inflates past the size its headers declare, and bytes that are no zip', async () => {
    const honest = zipOf({ 'xl/a.xml': { unit: 'x', repeat: 1000 } });
    const lying = Buffer.from(honest);
    for (const at of [22, 30 + 8 + lying.readUInt32LE(18) + 24]) lying.writeUInt32LE(10, at); // uncompressed size: local and central headers
    expect(await refusal(unpackedSheet(lying))).toBe('400 The file is not a readable xlsx spreadsheet.');
    expect(await refusal(unpackedSheet(Buffer.from('PK\x03\x04 not a zip')))).toBe(
      '400 The file is not a readable xlsx spreadsheet.',
    );
  });
});
