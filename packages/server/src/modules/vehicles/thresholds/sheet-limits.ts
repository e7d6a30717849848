import { fillText, MAX_SHEET_BYTES, MAX_SHEET_ROWS, UPLOAD_TEXTS } from '@evfleet/domain';
import { boundedUnzip, UnreadableZipError, ZipLimitError } from '../../../lib/bounded-unzip.js';
import { payloadTooLarge, refused } from '../../../http/errors.js';

/**
 * How much an uploaded threshold sheet may hold. A sheet has one row per metric and band, at most
 * MAX_SHEET_ROWS (500); the example of the defaults (53 rows) is an xlsx of 10 parts that unpack to
 * 27 KB, 12 KB of it the sheet, in about 1,100 XML elements. A full 500-row sheet as Excel writes
 * it unpacks to about 150 KB in about 10,000 elements. The limits leave ten times that room or
 * more, and refuse a file that would unpack to gigabytes (a zip bomb) or millions of rows long
 * before ExcelJS, which holds a whole workbook as objects, would be given it.
 */
export const SHEET_LIMITS = {
  /** Excel writes about a dozen parts (workbook, sheets, styles, theme, properties); a few more sheets or a picture fit. */
  entries: 100,
  /** One part unpacked: a full 500-row sheet is about 150 KB. */
  entryBytes: 2 * 1024 * 1024,
  /** All parts unpacked: the sheet, the shared strings, the theme, the styles, and a small picture. */
  totalBytes: 4 * 1024 * 1024,
  /** `<row>` elements in the worksheets: ten times the rows a sheet may hold, for formatted empty rows Excel keeps. */
  rows: (MAX_SHEET_ROWS + 1) * 10,
  /** XML elements in all parts, each an object in ExcelJS: five times a full sheet's 10,000. */
  elements: 50_000,
};

/** The multipart limits of a spreadsheet upload (the route's plugin registers them). */
export const SHEET_MULTIPART_LIMITS = {
  fileSize: MAX_SHEET_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 256 * 1024,
  parts: 5,
};

const MB = 1024 * 1024;
const REFUSALS: Record<keyof typeof SHEET_LIMITS, string> = {
  entries: fillText(UPLOAD_TEXTS.sheetEntries, { count: SHEET_LIMITS.entries }),
  entryBytes: fillText(UPLOAD_TEXTS.sheetEntryBytes, { mb: SHEET_LIMITS.entryBytes / MB }),
  totalBytes: fillText(UPLOAD_TEXTS.sheetTotalBytes, { mb: SHEET_LIMITS.totalBytes / MB }),
  rows: fillText(UPLOAD_TEXTS.sheetRows, { count: SHEET_LIMITS.rows }),
  elements: fillText(UPLOAD_TEXTS.sheetElements, { count: SHEET_LIMITS.elements }),
};

const LT = 0x3c;
const SLASH = 0x2f;
const ROW = Buffer.from('<row');
const WORKSHEET = /^\/?xl\/worksheets\/[^/]+\.xml$/i;

/**
 * Counts XML elements (a '<' not opening an end tag) in every part and `<row` elements in the
 * worksheets as they inflate, throwing once either passes its limit. A tag split across two
 * chunks is found by searching the previous chunk's last bytes with the next.
 */
function xmlCounter() {
  let elements = 0;
  let rows = 0;
  let tail = Buffer.alloc(0);
  let tailOf = '';
  return (name: string, chunk: Buffer) => {
    const text = tailOf === name ? Buffer.concat([tail, chunk]) : chunk;
    // The tail's '<' were counted with their chunk, all but one ending it, which its next byte decides now.
    const start = Math.max(0, text.length - chunk.length - 1);
    for (let at = text.indexOf(LT, start); at !== -1 && at + 1 < text.length; at = text.indexOf(LT, at + 1))
      if (text[at + 1] !== SLASH) elements++;
    if (elements > SHEET_LIMITS.elements) throw new ZipLimitError('elements');
    tail = Buffer.from(text.subarray(Math.max(0, text.length - ROW.length)));
    tailOf = name;
    if (!WORKSHEET.test(name)) return;
    for (let at = text.indexOf(ROW); at !== -1; at = text.indexOf(ROW, at + ROW.length)) {
      const next = text[at + ROW.length];
      if (next === undefined) break; // decided by the next chunk, which starts with these bytes
      if (next === 0x20 || next === 0x3e || next === SLASH || next === 0x0a || next === 0x0d || next === 0x09) rows++;
    }
    if (rows > SHEET_LIMITS.rows) throw new ZipLimitError('rows');
  };
}

/**
 * The parts of an uploaded xlsx, unpacked within SHEET_LIMITS: past one, 413 naming it, the
 * unpacking stopped where it was; not a zip archive, 400.
 */
export async function unpackedSheet(bytes: Buffer): Promise<Map<string, Buffer>> {
  try {
    return await boundedUnzip(bytes, SHEET_LIMITS, xmlCounter());
  } catch (error) {
    if (error instanceof ZipLimitError) throw payloadTooLarge(REFUSALS[error.limit as keyof typeof SHEET_LIMITS]);
    if (error instanceof UnreadableZipError) throw refused(UPLOAD_TEXTS.unreadableXlsx, 'notasheet');
    throw error;
  }
}
