/**
 * Where evfleet's CPU went, by thread and by part of the pipeline, from `perf record` (the
 * ingestion bench's `PERF=1`). The V8 profile of `PROFILE=1` samples wall time: a thread that wakes
 * another in a system call shows busy while it waits for a core, and each thread is profiled on
 * its own. perf's cpu-clock samples a thread only while it runs, the kernel and V8's collector
 * threads included, so its shares add up to the CPU the bench measures. JavaScript frames are
 * named through the process's `--perf-basic-prof` map (entries that later code took the place of are
 * dropped from it first: dropReusedAddresses). Recorded with call chains (-g), a sample
 * counts for the nearest caller with a part: a built-in or a system call for the code that made it.
 *
 *   npx tsx bench/perf-summary.ts /tmp/ingest-perf/embedded.data [--top 25] [--part 'alerts']
 *
 * `--part` lists, for one part, the frames that named its samples and the nearest of evfleet's
 * own callers above them: which of Node's streams, say, and for whom.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PARTS } from './support/pipeline-parts.js';

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: perf-summary.ts FILE.data [--top N]');
const option = (name: string) => {
  const at = rest.indexOf(name);
  return at >= 0 ? rest[at + 1] : undefined;
};
const top = Number(option('--top') ?? 25);
const onePart = option('--part');

/** V8's collector, in its own threads or the main one. */
const GC =
  /Scaveng|MarkCompact|Sweep|ConcurrentMarking|MarkingVisitor|MarkingWorklist|Evacuat|RememberedSet|ArrayBufferSweeper|SemiSpace|Heap::|IncrementalMarking|GCTracer|BodyDescriptor|MemoryChunk|HeapObject::SizeFromMap|OnMoveEvent/;

/** A frame's part: the kernel, the collector, or the pipeline's part its file belongs to. */
const partOf = (symbol: string, dso: string): string | null => {
  if (dso.includes('kernel')) return 'the kernel';
  if (GC.test(symbol)) return 'garbage collection';
  if (/OptimizingCompileDispatcher|compiler::/.test(symbol)) return "V8's compiler";
  if (/JsonParse/.test(symbol)) return 'JSON.parse';
  const url = /^JS:\S*\s+(\S+?)(:\d+:\d+)?$/.exec(symbol)?.[1];
  if (url)
    return PARTS.find(([, re]) => re.test(url))?.[0] ?? `other: ${url.replace(/^.*\/(packages|node_modules)\//, '')}`;
  return null;
};
/** What a frame of no part is: it counts for the nearest caller that has one (with -g), else as this. */
const kindOf = (symbol: string, dso: string) =>
  dso.includes('libc')
    ? 'libc (copies, malloc)'
    : symbol.startsWith('Builtins_')
      ? 'V8 built-ins'
      : 'V8 and Node (C++)';

interface Sample {
  tid: number;
  /** The leaf's symbol. */
  symbol: string;
  part: string;
  /** The frame that named the part, and the nearest of evfleet's own frames above the leaf. */
  namedBy: string;
  caller: string;
  inKernel: boolean;
}
/**
 * The process's JIT map (`/tmp/perf-PID.map`, written by `--perf-basic-prof`) without the entries
 * that later code took the place of. V8 frees code and puts other code at its addresses, and the
 * map keeps both; perf then names a sample by either, so the parse thread's scanner showed as the
 * CommonJS lexer that held its addresses at start-up. An entry that a later one overlaps is dropped.
 */
function dropReusedAddresses(processId: number) {
  const map = `/tmp/perf-${processId}.map`;
  if (!existsSync(map)) return;
  const entries = readFileSync(map, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, size] = line.split(' ', 2).map((hex) => parseInt(hex, 16));
      return { start, end: start + size, line };
    });
  // From the newest back, each kept if it overlaps none kept before it (kept: sorted by start).
  const kept: typeof entries = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid].start < e.start) lo = mid + 1;
      else hi = mid;
    }
    const overlaps = (lo < kept.length && kept[lo].start < e.end) || (lo > 0 && kept[lo - 1].end > e.start);
    if (!overlaps) kept.splice(lo, 0, e);
  }
  if (kept.length < entries.length) writeFileSync(map, kept.map((e) => e.line).join('\n') + '\n');
}

const samples: Sample[] = [];
let pid = 0;
const firstPid = /^\s*(\d+)/.exec(
  execFileSync('perf', ['script', '-i', file, '-F', 'pid'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
)?.[1];
if (firstPid) dropReusedAddresses(Number(firstPid));
const script = execFileSync('perf', ['script', '-i', file, '-F', 'pid,tid,ip,sym,dso'], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
  stdio: ['ignore', 'pipe', 'ignore'],
});
/**
 * A sample and its call chain (recorded with -g), leaf first: the collector anywhere in it makes it
 * the collector's; otherwise the nearest frame with a part names it.
 */
const add = (tid: number, frames: [symbol: string, dso: string][]) => {
  if (!frames.length) return;
  const [symbol, dso] = frames[0];
  const parts = frames.map(([sym, d]) => partOf(sym, d));
  const named = parts.includes('garbage collection')
    ? parts.indexOf('garbage collection')
    : parts.findIndex((p) => p !== null && p !== 'the kernel');
  const part = named >= 0 ? parts[named]! : (parts[0] ?? kindOf(symbol, dso));
  const own = frames.find(([sym]) => /packages\/(server|domain)\//.test(sym));
  samples.push({
    tid,
    symbol: symbol || '[unknown]',
    part,
    namedBy: named >= 0 ? frames[named][0] : symbol,
    caller: own?.[0] ?? '(none)',
    inKernel: dso.includes('kernel'),
  });
};
let tid = 0;
let frames: [string, string][] = [];
for (const line of script.split('\n')) {
  const head = /^\s*(\d+)\/(\d+)\s*(?:[0-9a-f]+\s+(.*?)\s+\(([^)]*)\))?\s*$/.exec(line);
  if (head) {
    add(tid, frames);
    pid = Number(head[1]);
    tid = Number(head[2]);
    frames = head[3] !== undefined ? [[head[3], head[4]]] : [];
    continue;
  }
  const frame = /^\s+[0-9a-f]+\s+(.*?)\s+\(([^)]*)\)\s*$/.exec(line);
  if (frame) frames.push([frame[1], frame[2]]);
}
add(tid, frames);
if (!samples.length) throw new Error(`no samples in ${file}`);

// The main thread's id is the process's; the parse thread is the one that scans readings.
const scans = new Map<number, number>();
for (const s of samples) if (s.part === 'reading scanner') scans.set(s.tid, (scans.get(s.tid) ?? 0) + 1);
const parseTid = [...scans].sort((a, b) => b[1] - a[1])[0]?.[0];
const threadOf = (tid: number) => (tid === pid ? 'main' : tid === parseTid ? 'parse thread' : 'other threads');

const pct = (n: number, of: number) => ((100 * n) / of).toFixed(1).padStart(5);
const count = <K>(items: K[]) => {
  const counts = new Map<K, number>();
  for (const k of items) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
};
const threads = count(samples.map((s) => threadOf(s.tid)));
const kernel = samples.filter((s) => s.inKernel).length;
console.log(
  `${file}: ${samples.length} samples; by thread ${threads.map(([t, n]) => `${t} ${pct(n, samples.length).trim()} %`).join(', ')}; in the kernel ${pct(kernel, samples.length).trim()} %`,
);
const short = (symbol: string) => symbol.replace(/file:\/\/\/.*?\/packages\//, '').slice(0, 110);
if (onePart) {
  const own = samples.filter((s) => s.part === onePart);
  console.log(`\n${onePart}: ${pct(own.length, samples.length).trim()} % of evfleet's CPU; named by, % of the part:`);
  for (const [symbol, k] of count(own.map((s) => s.namedBy)).slice(0, top))
    console.log(`${pct(k, own.length)}  ${short(symbol)}`);
  console.log(`  for evfleet's:`);
  for (const [symbol, k] of count(own.map((s) => s.caller)).slice(0, top))
    console.log(`${pct(k, own.length)}  ${short(symbol)}`);
  process.exit(0);
}
for (const [thread, n] of threads) {
  const own = samples.filter((s) => threadOf(s.tid) === thread);
  console.log(`\n${thread} (${pct(n, samples.length).trim()} % of evfleet's CPU), by part, % of the thread:`);
  for (const [part, k] of count(own.map((s) => s.part)).slice(0, top)) console.log(`${pct(k, n)}  ${part}`);
  console.log(`  top symbols:`);
  for (const [symbol, k] of count(own.map((s) => s.symbol)).slice(0, Math.ceil(top / 2)))
    console.log(`${pct(k, n)}  ${short(symbol)}`);
}
