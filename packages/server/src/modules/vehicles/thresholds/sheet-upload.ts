import {
  fillText,
  MAX_SHEET_BYTES,
  MAX_SHEET_ROWS,
  parseThresholdSheet,
  SHEET_FILE_TYPES,
  SHEET_TEXTS,
  sheetErrorText,
  TEMPLATE_TEXTS,
  UPLOAD_TEXTS,
  type AlertAttribute,
  type SheetCell,
} from '@evfleet/domain';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { HttpError, payloadTooLarge, refused } from '../../../http/errors.js';
import { zipBuffer } from '../../../lib/xlsx-writer/zip-stream.js';
import { parseCsv } from './csv.js';
import { unpackedSheet } from './sheet-limits.js';

export interface SheetUpload {
  rows: SheetCell[][];
  /** The other form fields, by name. */
  fields: Record<string, string>;
}

const NOT_A_SHEET = fillText(UPLOAD_TEXTS.notASheet, { types: SHEET_FILE_TYPES.join(' and ') });
const tooLarge = () => payloadTooLarge(fillText(UPLOAD_TEXTS.sheetTooLarge, { mb: MAX_SHEET_BYTES / (1024 * 1024) }));
const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** A cell's plain value: a formula's result, rich text's text, a link's text. */
function plain(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined || value instanceof Date || typeof value !== 'object') return value;
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return null;
}

/**
 * The first sheet's rows. ExcelJS inflates a whole workbook in memory, so it is given an archive
 * rebuilt from the parts unpacked within the limits (sheet-limits.ts), never the upload itself:
 * what it reads is exactly what was counted, whatever a crafted archive's headers say.
 */
async function xlsxRows(bytes: Buffer): Promise<SheetCell[][]> {
  const checked = await zipBuffer(await unpackedSheet(bytes));
  const workbook = new ExcelJS.Workbook();
  try {
    // ExcelJS types its input as its own Buffer; Node's is the same thing at run time.
    await workbook.xlsx.load(checked as unknown as ExcelJS.Buffer);
  } catch {
    throw refused(UPLOAD_TEXTS.unreadableXlsx, 'notasheet');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refused(UPLOAD_TEXTS.noSheet, 'notasheet');
  if (sheet.actualRowCount > MAX_SHEET_ROWS + 1)
    throw refused(
      sheetErrorText({
        row: MAX_SHEET_ROWS + 2,
        message: fillText(SHEET_TEXTS.tooManyRows, { count: MAX_SHEET_ROWS }),
      }),
      'sheeterrors',
    );
  const rows: SheetCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = Array.from({ length: row.cellCount }, (_, i) => plain(row.getCell(i + 1).value));
  });
  return Array.from(rows, (r) => r ?? []);
}

function csvRows(bytes: Buffer): SheetCell[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused(NOT_A_SHEET, 'notasheet');
  }
  if (text.includes('\0')) throw refused(NOT_A_SHEET, 'notasheet');
  return parseCsv(text.replace(/^\uFEFF/, ''));
}

/**
 * The spreadsheet of a multipart upload (field `file`, csv or xlsx, recognised by its bytes and
 * name) as rows of plain cells, with the other fields. Too large: 413; anything else: 400.
 */
export async function readSheetUpload(req: FastifyRequest): Promise<SheetUpload> {
  if (!req.isMultipart()) throw refused(TEMPLATE_TEXTS.noFile, 'nofile');
  let file: { bytes: Buffer; filename: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { bytes, filename: part.filename };
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!file || file.bytes.length === 0) throw refused(TEMPLATE_TEXTS.noFile, 'nofile');
  const extension = file.filename.match(/\.([^.]+)$/)?.[1]?.toLowerCase();
  if (isZip(file.bytes) && extension !== 'csv') return { rows: await xlsxRows(file.bytes), fields };
  if (extension === 'csv' || extension === 'txt' || extension === undefined)
    return { rows: csvRows(file.bytes), fields };
  throw refused(NOT_A_SHEET, 'notasheet');
}

/** The change a sheet makes to a list of thresholds; refuses (400) naming the rows and columns at fault. */
export const sheetChange =
  (rows: SheetCell[][]) =>
  (current: readonly AlertAttribute[]): AlertAttribute[] => {
    const result = parseThresholdSheet(rows, current);
    if (result.ok) return result.attributes;
    const shown = result.errors.slice(0, 5).map(sheetErrorText);
    if (result.errors.length > shown.length)
      shown.push(fillText(UPLOAD_TEXTS.moreErrors, { count: result.errors.length - shown.length }));
    // Each sentence also on its own, so the web can write each in the reader's language.
    const sentences = shown.map((message) => ({ objectName: 'sheet', field: 'file', message }));
    throw new HttpError(400, shown.join(' '), { appError: true, errorKey: 'sheeterrors', fieldErrors: sentences });
  };
