import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStream, type XlsxColumn } from '../../src/lib/xlsx-writer/xlsx-stream.js';
import { EXCEL_UNIX_EPOCH_DAYS, type TextRowCell } from '../../src/lib/xlsx-writer/xlsx-text-rows.js';

/** Writes a sheet from batches of text lines and reads it back with ExcelJS. */
async function sheet(name: string, columns: XlsxColumn[], cells: TextRowCell[], batches: string[]) {
  const parts: Buffer[] = [];
  const out = new Writable({ write: (chunk: Buffer, _encoding, done) => (parts.push(chunk), done()) });
  const writer = await xlsxStream(out, name, columns);
  const add = writer.textRows(cells);
  for (const text of batches) await add(Buffer.from(text, 'latin1'));
  await writer.finish();
  const bytes = Buffer.concat(parts);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer); // ExcelJS types predate Buffer generics
  const ws = book.worksheets[0];
  return { ws, bytes, writes: parts.length, row: (n: number) => (ws.getRow(n).values as unknown[]).slice(1) };
}
const day = (ms: number) => String(ms / 86_400_000 + EXCEL_UNIX_EPOCH_DAYS);

describe('the xlsx writer, read by ExcelJS', () => {
  it('writes a sheet of no rows: the header alone, bold and frozen, names and headers escaped', async () => {
    const name = 'Fleet <A> & "B" with a name too long for a sheet';
    const { ws, row } = await sheet(name, [{ header: 'A <b> & "c"' }, { header: 'Ünï 😀', width: 30 }], [], []);
    expect(ws.name).toBe(name.slice(0, 31));
    expect(ws.rowCount).toBe(1);
    expect(row(1)).toEqual(['A <b> & "c"', 'Ünï 😀']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(2).width).toBe(30);
  });

  it('writes empty rows, constant text with XML and control characters, and dates before 1970 and after 2038', async () => {
    const columns = [{ header: 'Date' }, { header: 'Name' }, { header: 'Value' }];
    const cells: TextRowCell[] = [
      { number: true, date: true },
      { text: 'a<b>&"c"\u0001\u001f Ünï 😀' },
      { number: true },
    ];
    const dates = [Date.UTC(1969, 11, 31, 12, 0, 0), Date.UTC(2100, 1, 28, 23, 59, 59)];
    const { ws, row } = await sheet('Test', columns, cells, [
      `\n\t\t\n${day(dates[0])}\t-1.5e-7\n${day(dates[1])}\t-Infinity\n`,
    ]);
    expect(ws.rowCount).toBe(5);
    const text = 'a<b>&"c" Ünï 😀'; // control characters have no place in XML: left out
    expect(row(2)).toEqual([undefined, text]); // an empty line: only the constant
    expect(row(3)).toEqual([undefined, text]);
    expect(row(4)).toEqual([new Date(dates[0]), text, -1.5e-7]);
    expect(row(5)).toEqual([new Date(dates[1]), text]);
  });

  it('streams a sheet of many batches in many chunks, every row kept in order', async () => {
    const columns = Array.from({ length: 12 }, (_, i) => ({ header: `C${i}` }));
    const cells: TextRowCell[] = columns.map(() => ({ number: true }));
    const batch = (b: number) =>
      Array.from(
        { length: 1_250 },
        (_, r) => columns.map((_, c) => ((b * 1_250 + r) * 12 + c) / 8).join('\t') + '\n',
      ).join('');
    const { ws, row, writes } = await sheet(
      'Big',
      columns,
      cells,
      Array.from({ length: 8 }, (_, b) => batch(b)),
    );
    expect(writes).toBeGreaterThan(10);
    expect(ws.rowCount).toBe(10_001);
    expect(row(2)).toEqual(columns.map((_, c) => c / 8));
    expect(row(6_789)).toEqual(columns.map((_, c) => (6_787 * 12 + c) / 8));
    expect(row(10_001)).toEqual(columns.map((_, c) => (9_999 * 12 + c) / 8));
  });
});
