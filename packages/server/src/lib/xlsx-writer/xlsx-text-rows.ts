/**
 * A cell of a row given as text: a number field of the line (shown as a date if `date`), or the
 * same text in every row, which the line does not carry.
 */
export type TextRowCell = { number: true; date?: boolean } | { text: string };

/** Days from Excel's epoch (1899-12-30) to the Unix one: an Excel date is this plus Unix days. */
export const EXCEL_UNIX_EPOCH_DAYS = 25_569;

const TAB = 9;
const MAX_DIGITS = 10;
const NEWLINE = 10;
const ascii = (text: string) => Buffer.from(text, 'latin1');
export const escapeXml = (text: string) =>
  text
    .replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''); // eslint-disable-line no-control-regex

/** Whether the field at `at` is PostgreSQL's NaN, Infinity or -Infinity, which a sheet cannot hold. */
const nonFinite = (text: Uint8Array, at: number) =>
  text[at] === 78 /* N */ || text[at] === 73 /* I */ || (text[at] === 45 /* - */ && text[at + 1] === 73);

/**
 * Sheet XML for rows that arrive as lines of tab-separated numbers (PostgreSQL's text output of
 * float8, an empty field for an empty value), written byte by byte into one reused buffer:
 * no string, number or array per cell, which is where an export of 864,000 rows of 57 columns
 * spent its time and memory. A field's text is copied as it is (PostgreSQL writes the shortest
 * exact form, as JavaScript does); NaN and infinities leave the cell empty.
 */
export function textRowsXml(cells: readonly TextRowCell[], letters: readonly string[], firstRow: number) {
  const utf8 = (text: string) => Buffer.from(text, 'utf8');
  // Per cell, the bytes before the row number and those between it and the value (or the whole constant tail).
  const before = cells.map((_, i) => ascii(`<c r="${letters[i]}`));
  const after = cells.map((c) =>
    'text' in c
      ? utf8(`" t="inlineStr"><is><t>${escapeXml(c.text)}</t></is></c>`)
      : ascii(c.date ? '" s="1"><v>' : '"><v>'),
  );
  const close = ascii('</v></c>');
  const rowOpen = ascii('<row r="');
  const rowOpened = ascii('">');
  const rowClose = ascii('</row>');
  /** The most a row adds beyond its fields' own text. */
  const perRow =
    rowOpen.length +
    MAX_DIGITS +
    rowOpened.length +
    rowClose.length +
    cells.reduce((sum, _, i) => sum + before[i].length + MAX_DIGITS + after[i].length + close.length, 0);
  let row = firstRow;
  /** Kept from batch to batch: the allocator would otherwise scatter megabytes per batch. */
  let xml = Buffer.allocUnsafe(0);
  /** The current row number's digits, written once per row and copied into each cell reference. */
  const digits = new Uint8Array(MAX_DIGITS);
  let digitCount = 0;
  const number = (n: number) => {
    const text = String(n);
    for (let k = 0; k < text.length; k++) digits[k] = text.charCodeAt(k);
    digitCount = text.length;
  };

  const copy = (from: Uint8Array, to: Uint8Array, at: number, length = from.length) => {
    for (let k = 0; k < length; k++) to[at + k] = from[k];
    return at + length;
  };

  /** Lines in a text: each ends with a newline. */
  const linesIn = (text: Uint8Array) => {
    let n = 0;
    for (let at = text.indexOf(NEWLINE); at !== -1; at = text.indexOf(NEWLINE, at + 1)) n++;
    return n;
  };

  return {
    /** The XML of complete lines, each ending with a newline; it is overwritten by the next call. */
    toXml(text: Uint8Array): Buffer {
      const lines = linesIn(text);
      const needed = text.length + lines * perRow;
      if (xml.length < needed) xml = Buffer.allocUnsafe(needed * 2);
      let at = 0;
      let from = 0;
      for (let line = 0; line < lines; line++) {
        const lineEnd = text.indexOf(NEWLINE, from);
        number(row++);
        at = copy(rowOpen, xml, at);
        at = copy(digits, xml, at, digitCount);
        at = copy(rowOpened, xml, at);
        for (let i = 0; i < cells.length; i++) {
          const constant = 'text' in cells[i];
          let end = from;
          if (!constant) while (end < lineEnd && text[end] !== TAB) end++;
          if (constant || (end > from && !nonFinite(text, from))) {
            at = copy(before[i], xml, at);
            at = copy(digits, xml, at, digitCount);
            at = copy(after[i], xml, at);
            if (constant) continue;
            for (let k = from; k < end; k++) xml[at++] = text[k];
            at = copy(close, xml, at);
          }
          if (!constant) from = Math.min(end + 1, lineEnd); // a short line leaves the cells after it empty
        }
        from = lineEnd + 1; // fields beyond the sheet's cells are not its
        at = copy(rowClose, xml, at);
      }
      return xml.subarray(0, at);
    },
  };
}
