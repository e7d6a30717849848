import type { Writable } from 'node:stream';
import { zipStream } from './zip-stream.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn {
  header: string;
  width?: number;
}
/** Dates are written as Excel dates (UTC, shown yyyy-mm-dd hh:mm:ss), numbers as numbers, text inline; null leaves the cell empty. */
export type XlsxValue = Date | number | string | null | undefined;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PIECE = 250;
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STATIC_PARTS: Record<string, string> = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  // Style 0 plain, 1 the date format, 2 bold (the header row).
  'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''); // eslint-disable-line no-control-regex
const columnLetter = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : columnLetter(Math.floor(index / 26) - 1) + String.fromCharCode(65 + (index % 26)));
/** Days since 1899-12-30, Excel's epoch (UTC). */
const excelDate = (d: Date) => d.getTime() / 86_400_000 + 25_569;
const inline = (ref: string, text: string, style = '') => `<c r="${ref}"${style} t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;

/**
 * A one-sheet xlsx streamed as rows arrive: the sheet's XML is built as text and deflated on the
 * way out, so exporting 864,000 rows of 57 columns holds one batch at a time and runs ten times as
 * fast as ExcelJS's streaming writer on the same rows (docs/decisions.md). The header row is bold
 * and frozen.
 */
export async function xlsxStream(out: Writable, sheetName: string, columns: readonly XlsxColumn[]) {
  const zip = zipStream(out);
  for (const [name, content] of Object.entries(STATIC_PARTS)) {
    const part = await zip.entry(name);
    await part.write(content);
    await part.close();
  }
  const book = await zip.entry('xl/workbook.xml');
  await book.write(`${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  await book.close();

  const letters = columns.map((_, i) => columnLetter(i));
  const sheet = await zip.entry('xl/worksheets/sheet1.xml');
  const widths = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(10, c.header.length + 2)}" customWidth="1"/>`).join('');
  const header = columns.map((c, i) => inline(`${letters[i]}1`, c.header, ' s="2"')).join('');
  await sheet.write(
    `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths}</cols><sheetData><row r="1">${header}</row>`,
  );
  let rowNumber = 1;

  const cell = (value: XlsxValue, i: number, r: number) => {
    if (value === null || value === undefined) return '';
    const ref = `${letters[i]}${r}`;
    if (value instanceof Date) return `<c r="${ref}" s="1"><v>${excelDate(value)}</v></c>`;
    if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
    return inline(ref, value);
  };

  return {
    /** Appends rows, each with one value per column; waits while the reader is behind. */
    async addRows(rows: readonly (readonly XlsxValue[])[]) {
      // Written in pieces of a few hundred rows, so no string grows past a few hundred kilobytes.
      for (let from = 0; from < rows.length; from += PIECE) {
        let xml = '';
        for (const row of rows.slice(from, from + PIECE)) {
          const r = ++rowNumber;
          xml += `<row r="${r}">`;
          for (let i = 0; i < row.length; i++) xml += cell(row[i], i, r);
          xml += '</row>';
        }
        await sheet.write(xml);
      }
    },
    async finish() {
      await sheet.write('</sheetData></worksheet>');
      await sheet.close();
      await zip.finish();
    },
  };
}
