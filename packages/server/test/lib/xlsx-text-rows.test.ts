import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from '../../src/lib/xlsx-writer/xlsx-stream.js';
import { EXCEL_UNIX_EPOCH_DAYS } from '../../src/lib/xlsx-writer/xlsx-text-rows.js';

/** Writes a sheet of Date, Name and two numbers from text lines, and reads it back with ExcelJS. */
async function sheetFrom(batches: string[]) {
  const parts: Buffer[] = [];
  const out = new Writable({ write: (chunk: Buffer, _encoding, done) => (parts.push(chunk), done()) });
  const sheet = await xlsxStream(out, 'Test', [
    { header: 'Date' },
    { header: 'Name' },
    { header: 'A' },
    { header: 'B' },
  ]);
  const add = sheet.textRows([
    { number: true, date: true },
    { text: 'Cart <1> & "2"' },
    { number: true },
    { number: true },
  ]);
  for (const text of batches) await add(Buffer.from(text, 'latin1'));
  await sheet.finish();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer); // ExcelJS types predate Buffer generics
  const ws = book.worksheets[0];
  return { ws, row: (n: number) => (ws.getRow(n).values as unknown[]).slice(1) };
}

const day = (iso: string) => String(Date.parse(iso) / 86_400_000 + EXCEL_UNIX_EPOCH_DAYS);

describe('sheet rows from text lines', () => {
  it('writes dates, the constant text escaped, numbers as PostgreSQL wrote them, and empty cells for empty, NaN and infinite values', async () => {
    const { ws, row } = await sheetFrom([
      `${day('2026-11-10T08:30:00Z')}\t12.5\t-3\n${day('2026-11-10T08:30:01Z')}\t\t1e-05\n`,
      `${day('2026-11-10T08:30:02Z')}\tNaN\tInfinity\n${day('2026-11-10T08:30:03Z')}\t-Infinity\t1.5e+20\n`,
      `${day('2026-11-10T08:30:04Z')}\t7\n${day('2026-11-10T08:30:05Z')}\t8\t9\t10\n`,
    ]);
    expect(ws.rowCount).toBe(7);
    expect(row(1)).toEqual(['Date', 'Name', 'A', 'B']);
    expect(row(2)).toEqual([new Date('2026-11-10T08:30:00Z'), 'Cart <1> & "2"', 12.5, -3]);
    expect(row(3)).toEqual([new Date('2026-11-10T08:30:01Z'), 'Cart <1> & "2"', undefined, 1e-5]);
    expect(row(4)).toEqual([new Date('2026-11-10T08:30:02Z'), 'Cart <1> & "2"']);
    expect(row(5)).toEqual([new Date('2026-11-10T08:30:03Z'), 'Cart <1> & "2"', undefined, 1.5e20]);
    expect(row(6)).toEqual([new Date('2026-11-10T08:30:04Z'), 'Cart <1> & "2"', 7]); // a short line: the cells after it are empty
    expect(row(7)).toEqual([new Date('2026-11-10T08:30:05Z'), 'Cart <1> & "2"', 8, 9]); // fields beyond the sheet's are not written
  });

  it('numbers rows on across batches, a small batch after a large one included', async () => {
    const line = (i: number) => `${day('2026-11-10T00:00:00Z')}\t${i}\t${i * 2}\n`;
    const { ws, row } = await sheetFrom([Array.from({ length: 3000 }, (_, i) => line(i)).join(''), line(3000), '']);
    expect(ws.rowCount).toBe(3002);
    expect(row(3001).slice(2)).toEqual([2999, 5998]);
    expect(row(3002).slice(2)).toEqual([3000, 6000]);
  });

  it('fails instead of waiting for ever when the reader goes away (a cancelled download)', async () => {
    let taken = 0;
    // A reader that takes the first 64 kB, then nothing more.
    const out = new Writable({
      write: (chunk: Buffer, _encoding, done) => void ((taken += chunk.length) < 65_536 && done()),
    });
    const writing = (async () => {
      const sheet = await xlsxStream(out, 'Test', [{ header: 'A' }]);
      await sheet.textRows([{ number: true }])(Buffer.from('12345.678\n'.repeat(300_000), 'latin1'));
    })();
    setTimeout(() => out.destroy(), 300);
    await expect(writing).rejects.toThrow('closed before the archive ended');
  });
});
