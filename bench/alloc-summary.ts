/**
 * What evfleet's main thread allocated, by function, in bytes a reading: from the sampling heap
 * profile the ingestion bench's `ALLOC=1` writes (garbage included). Allocation is what sets how
 * often the young generation is collected, and so how often the readings then in flight are
 * copied. V8 names the function that was running: one inlined into another counts for the other.
 *
 *   npx tsx bench/alloc-summary.ts /tmp/ingest-alloc/embedded.heapprofile [--top 25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}
const [file, flag, n] = process.argv.slice(2);
if (!file) throw new Error('usage: alloc-summary.ts FILE.heapprofile [--top N]');
const top = flag === '--top' ? Number(n) : 25;
const { head, readings } = JSON.parse(readFileSync(file, 'utf8')) as { head: ProfileNode; readings: number };

const byFunction = new Map<string, number>();
let total = 0;
const walk = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(packages|node_modules)\//, '')}:${lineNumber + 1}`;
  total += node.selfSize;
  if (node.selfSize) byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
  node.children.forEach(walk);
};
walk(head);
const perReading = (bytes: number) => (bytes / readings).toFixed(0).padStart(6);
console.log(
  `${file}: ${(total / 1e6).toFixed(0)} MB for ${readings} readings, ${perReading(total).trim()} bytes a reading`,
);
for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${perReading(bytes)}  ${name}`);
