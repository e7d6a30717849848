/**
 * Where a CPU profile's time went (`node --cpu-prof`, e.g. the ingestion bench's `PROFILE=1`), by
 * part of the pipeline: each sample's self time goes to the first part its stack matches, from the
 * leaf up. The top functions by self time follow. The summary in docs/performance.md comes from it.
 *
 *   npx tsx bench/profile-summary.ts /tmp/ingest-prof/CPU.*.cpuprofile [--top 30] [--last 20]
 *
 * `--last S` keeps the profile's last S seconds: the measured window, without start-up and warm-up.
 */
import { readFileSync } from 'node:fs';
import { PARTS } from './support/pipeline-parts.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const JSON_PARSE = /^(parse|JSONParse|stringify)$/;

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top N] [--last SECONDS]');
const option = (name: string) => {
  const at = rest.indexOf(name);
  return at < 0 ? undefined : Number(rest[at + 1]);
};
const top = option('--top') ?? 25;
const lastSeconds = option('--last') ?? Infinity;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const partOf = new Map<number, string>();
const classify = (id: number): string => {
  const known = partOf.get(id);
  if (known) return known;
  const { functionName, url } = byId.get(id)!.callFrame;
  let part: string | undefined;
  if (!url && JSON_PARSE.test(functionName)) part = `JSON.${functionName === 'stringify' ? 'stringify' : 'parse'}`;
  else part = PARTS.find(([, re]) => re.test(url || functionName))?.[0];
  // A file of no part is named; built-ins without a file count for their caller's part (a Map
  // lookup in the alerts is the alerts').
  if (!part) {
    const up = parent.get(id);
    part = url.startsWith('file:') ? `other: ${shortUrl(url)}` : up === undefined ? 'other' : classify(up);
  }
  partOf.set(id, part);
  return part;
};
const shortUrl = (url: string) => url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, '');

const selfMs = new Map<number, number>();
const sampledUs = profile.timeDeltas.reduce((a, b) => a + b, 0);
const fromUs = sampledUs - lastSeconds * 1e6;
let clockUs = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  clockUs += delta;
  if (clockUs >= fromUs) selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
});
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
const busy = total - [...selfMs].filter(([id]) => classify(id) === 'idle').reduce((a, [, ms]) => a + ms, 0);

const parts = new Map<string, number>();
for (const [id, ms] of selfMs) parts.set(classify(id), (parts.get(classify(id)) ?? 0) + ms);
const pct = (ms: number, of: number) => ((100 * ms) / of).toFixed(1).padStart(5);
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy`);
console.log('part                                  % of busy   ms');
for (const [part, ms] of [...parts].sort((a, b) => b[1] - a[1]))
  if (part !== 'idle') console.log(`${part.padEnd(40)}${pct(ms, busy)}  ${ms.toFixed(0).padStart(6)}`);

const functions = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + ms);
}
console.log(`\ntop ${top} functions by self time (% of busy)`);
for (const [key, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
  if (!key.startsWith('(idle)')) console.log(`${pct(ms, busy)}  ${key}`);
