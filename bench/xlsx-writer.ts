/**
 * The xlsx writer of the report export (lib/xlsx-writer) against ExcelJS's streaming writer
 * (`stream.xlsx.WorkbookWriter`, the architecture's first choice) on the same rows: ROWS of 57
 * columns shaped like a CAN report (a date, 24 signals of two decimals, 32 cells as PostgreSQL
 * writes a real widened to float8; one value in ten empty), each writer in a process of its own
 * writing to a sink that drops the bytes. Prints rows/s and the process's peak memory above what
 * it held before writing. Goal (the report's): 20,000 rows/s with under 200 MB of growth.
 * Alone: `npx tsx bench/xlsx-writer.ts` (ROWS= for another count).
 */
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { xlsxStream } from '../packages/server/src/lib/xlsx-writer/xlsx-stream.js';
import { EXCEL_UNIX_EPOCH_DAYS } from '../packages/server/src/lib/xlsx-writer/xlsx-text-rows.js';

const ROWS = Number(process.env.ROWS ?? 100_000);
const BATCH = 2_000;
const SIGNALS = 24;
const CELLS = 32;
const GOAL_ROWS_PER_S = 20_000;
const GOAL_GROWTH_MB = 200;
const WRITERS = ['ours (lib/xlsx-writer)', 'ExcelJS 4.4.0 stream.xlsx.WorkbookWriter'] as const;
type WriterName = (typeof WRITERS)[number];

const headers = ['Date', ...Array.from({ length: SIGNALS }, (_, i) => `Signal ${i + 1}`)].concat(
  Array.from({ length: CELLS }, (_, i) => `Cell ${i + 1}`),
);

/** One batch of rows, as values (null for empty) with the time as a Date. */
function batch(): (Date | number | null)[][] {
  const start = Date.UTC(2026, 10, 10);
  return Array.from({ length: BATCH }, (_, r) => [
    new Date(start + r * 1000),
    ...Array.from({ length: SIGNALS + CELLS }, (_, c) => {
      if ((r * 7 + c) % 10 === 0) return null;
      return c < SIGNALS
        ? Math.round(((r * 31 + c * 17) % 10_000) - 2_000) / 100
        : Math.fround(3.5 + ((r + c) % 90) / 100);
    }),
  ]);
}

/** The same batch as the report's read gives it: tab-separated text lines, the time as an Excel date. */
const asText = (rows: (Date | number | null)[][]) =>
  Buffer.from(
    rows
      .map((row) =>
        row
          .map((v) =>
            v instanceof Date ? String(v.getTime() / 86_400_000 + EXCEL_UNIX_EPOCH_DAYS) : v === null ? '' : String(v),
          )
          .join('\t'),
      )
      .join('\n') + '\n',
    'latin1',
  );

/** Drops what it is given, asynchronously like a socket, counting the bytes. */
function sink() {
  const out = new Writable({ write: (chunk: Buffer, _encoding, done) => void setImmediate(done) });
  return out;
}

async function writeOurs(rows: (Date | number | null)[][], out: Writable) {
  const text = asText(rows);
  const sheet = await xlsxStream(
    out,
    'CAN History',
    headers.map((header) => ({ header })),
  );
  const add = sheet.textRows([
    { number: true, date: true },
    ...Array.from({ length: SIGNALS + CELLS }, () => ({ number: true as const })),
  ]);
  for (let done = 0; done < ROWS; done += BATCH) await add(text);
  await sheet.finish();
}

async function writeExcelJs(rows: (Date | number | null)[][], out: Writable) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet('CAN History', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header, i) => ({
    header,
    width: Math.max(10, header.length + 2),
    ...(i === 0 ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (let done = 0; done < ROWS; done += BATCH) {
    for (const row of rows) sheet.addRow(row).commit();
    await new Promise((resolve) => setImmediate(resolve)); // lets the stream take what was written
  }
  sheet.commit();
  await book.commit();
}

/** One writer, in this process: prints its figures as a JSON line. */
async function measure(name: WriterName) {
  const rows = batch();
  const out = sink();
  global.gc?.();
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  if (name === WRITERS[0]) await writeOurs(rows, out);
  else await writeExcelJs(rows, out);
  const seconds = (performance.now() - t0) / 1000;
  const growthMb = (process.resourceUsage().maxRSS * 1024 - before) / 1e6;
  console.log(JSON.stringify({ rowsPerS: ROWS / seconds, seconds, growthMb }));
}

const child = process.argv[2] as WriterName | undefined;
if (child) await measure(child);
else {
  let missed = false;
  for (const name of WRITERS) {
    const output = await new Promise<string>((resolve, reject) => {
      const run = spawn('node', ['--expose-gc', '--import', 'tsx', 'bench/xlsx-writer.ts', name], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      run.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      run.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`${name} exited ${code}`))));
    });
    const { rowsPerS, seconds, growthMb } = JSON.parse(output) as {
      rowsPerS: number;
      seconds: number;
      growthMb: number;
    };
    if (name === WRITERS[0] && (rowsPerS < GOAL_ROWS_PER_S || growthMb >= GOAL_GROWTH_MB)) missed = true;
    console.log(
      `${ROWS.toLocaleString('en')} rows of 57 columns, ${name}: ${Math.round(rowsPerS).toLocaleString('en')} rows/s (${seconds.toFixed(1)} s), peak memory growth ${growthMb.toFixed(0)} MB`,
    );
  }
  if (missed) {
    console.log(
      `goal missed: ${GOAL_ROWS_PER_S.toLocaleString('en')} rows/s with under ${GOAL_GROWTH_MB} MB of growth`,
    );
    process.exit(1);
  }
}
