import { constants, crc32, deflateRawSync } from 'node:zlib';

/** An entry's content: a head, a unit repeated, and a tail. */
export interface EntryContent {
  head?: string;
  unit?: string;
  repeat?: number;
  tail?: string;
}

interface Packed {
  name: Buffer;
  data: Buffer;
  crc: number;
  size: number;
}

const CHUNK = 1 << 20;
const flushed = (bytes: Buffer) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });

/**
 * Deflates an entry without ever holding it: the repeated part is deflated one megabyte at a time as
 * blocks that end on a sync flush, so every full megabyte compresses to the same bytes and is
 * compressed once; the stream is a valid deflate stream of the whole content.
 */
function pack(name: string, { head = '', unit = '', repeat = 0, tail = '' }: EntryContent): Packed {
  const unitBytes = Buffer.from(unit);
  const perChunk = unitBytes.length ? Math.max(1, Math.floor(CHUNK / unitBytes.length)) : 0;
  const chunk = Buffer.concat(Array.from({ length: perChunk }, () => unitBytes));
  const packedChunk = flushed(chunk);
  const data: Buffer[] = [flushed(Buffer.from(head))];
  let crc = crc32(head);
  let size = Buffer.byteLength(head);
  for (let left = repeat; left > 0; left -= perChunk) {
    const piece = left >= perChunk ? chunk : chunk.subarray(0, left * unitBytes.length);
    data.push(piece === chunk ? packedChunk : flushed(piece));
    crc = crc32(piece, crc);
    size += piece.length;
  }
  data.push(deflateRawSync(Buffer.from(tail)));
  crc = crc32(tail, crc);
  size += Buffer.byteLength(tail);
  return { name: Buffer.from(name), data: Buffer.concat(data), crc: crc >>> 0, size };
}

/** A zip of deflated entries, with true sizes and CRCs in the local and central headers (no ZIP64: under 4 GiB each). */
export function zipOf(entries: Record<string, EntryContent | string>): Buffer {
  const packed = Object.entries(entries).map(([name, content]) =>
    pack(name, typeof content === 'string' ? { head: content } : content),
  );
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of packed) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(e.name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(e.crc, 16);
    header.writeUInt32LE(e.data.length, 20);
    header.writeUInt32LE(e.size, 24);
    header.writeUInt16LE(e.name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, e.name);
    out.push(local, e.name, e.data);
    offset += local.length + e.name.length + e.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(packed.length, 8);
  end.writeUInt16LE(packed.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PARTS = {
  '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Thresholds" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};
const SHEET_HEAD = `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Metric</t></is></c><c r="B1" t="inlineStr"><is><t>Band</t></is></c><c r="C1" t="inlineStr"><is><t>Low</t></is></c><c r="D1" t="inlineStr"><is><t>High</t></is></c></row>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** An xlsx whose one sheet holds, after its header row, `unit` repeated (rows, or any text); more entries may be added. */
export const xlsxWith = (unit: string, repeat: number, more: Record<string, EntryContent | string> = {}) =>
  zipOf({ ...PARTS, 'xl/worksheets/sheet1.xml': { head: SHEET_HEAD, unit, repeat, tail: SHEET_TAIL }, ...more });

/** Hostile files for the upload limits: each a megabyte or two that inflates to hundreds of megabytes or holds thousands of entries. */
export const hostileSheets = {
  /** ~1.9 GB of one byte repeated (whitespace inside the sheet's XML). */
  zipBomb: () => xlsxWith(' ', 1900 * CHUNK),
  /** ~470 MB of tiny rows: about 40 million `<row/>` elements. */
  tinyRows: () => xlsxWith('<row/>', Math.floor((470 * CHUNK) / 6)),
  /** 5,000 tiny entries beside the sheet. */
  manyEntries: () =>
    zipOf({
      ...PARTS,
      'xl/worksheets/sheet1.xml': SHEET_HEAD + SHEET_TAIL,
      ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`xl/media/pad${i}.xml`, 'x'])),
    }),
};
