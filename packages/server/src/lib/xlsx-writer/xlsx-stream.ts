import type { Writable } from 'node:stream';
import { escapeXml, textRowsXml, type TextRowCell } from './xlsx-text-rows.js';
import { zipStream } from './zip-stream.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn {
  header: string;
  width?: number;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STATIC_PARTS: Record<string, string> = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  // Style 0 plain, 1 the date format, 2 bold (the header row).
  'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

const columnLetter = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnLetter(Math.floor(index / 26) - 1) + String.fromCharCode(65 + (index % 26));
const inline = (ref: string, text: string, style = '') =>
  `<c r="${ref}"${style} t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;

/**
 * A one-sheet xlsx streamed as rows arrive: the sheet's XML is written byte by byte from text
 * lines and deflated on the way out, so exporting 864,000 rows of 57 columns holds one batch at a
 * time and runs twenty times as fast as ExcelJS's streaming writer on the same rows
 * (docs/decisions.md, "CAN history report"). The header row is bold and frozen.
 */
export async function xlsxStream(out: Writable, sheetName: string, columns: readonly XlsxColumn[]) {
  const zip = zipStream(out);
  for (const [name, content] of Object.entries(STATIC_PARTS)) {
    const part = await zip.entry(name);
    await part.write(content);
    await part.close();
  }
  const book = await zip.entry('xl/workbook.xml');
  await book.write(
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  await book.close();

  const letters = columns.map((_, i) => columnLetter(i));
  const sheet = await zip.entry('xl/worksheets/sheet1.xml');
  const widths = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(10, c.header.length + 2)}" customWidth="1"/>`,
    )
    .join('');
  const header = columns.map((c, i) => inline(`${letters[i]}1`, c.header, ' s="2"')).join('');
  await sheet.write(
    `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths}</cols><sheetData><row r="1">${header}</row>`,
  );
  return {
    /**
     * The sheet's rows come as lines of tab-separated numbers (xlsx-text-rows.ts), each cell a
     * field of the line (dates as Excel dates, UTC, shown yyyy-mm-dd hh:mm:ss) or a constant text;
     * the returned function appends complete lines and resolves once they are deflated. Called
     * once per sheet: its rows are numbered from 2, after the header.
     */
    textRows(cells: readonly TextRowCell[]) {
      const rows = textRowsXml(cells, letters, 2);
      return async (text: Uint8Array) => sheet.write(rows.toXml(text));
    },
    async finish() {
      await sheet.write('</sheetData></worksheet>');
      await sheet.close();
      await zip.finish();
    },
  };
}
