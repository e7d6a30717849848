#!/usr/bin/env node
// The JavaScript a browser loads to show /login, gzipped: the entry scripts and modulepreloads of
// dist/index.html plus every chunk they import statically, recursively. Dynamic import() chunks
// (lazy routes, the grid) are not counted: /login does not load them. Builds nothing; run
// `npx vite build` first. Usage: node scripts/login-bundle-size.mjs [--max-kb 250]
import { Buffer } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'rollup/parseAst';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const maxArg = process.argv.indexOf('--max-kb');
const maxKb = maxArg > 0 ? Number(process.argv[maxArg + 1]) : 250;

if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/index.html not found: run `npx vite build` in packages/web first.');
  process.exit(2);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1]);
const stylesheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);

/** Only relative or root paths are ours; anything else (a CDN) is outside the budget. */
const local = (url) => url.startsWith('/') || url.startsWith('.');

/** Static `import ... from`, bare `import '...'` and `export ... from` of one chunk. */
function staticImports(code) {
  const found = [];
  for (const node of parseAst(code).body) {
    if (['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration'].includes(node.type) && node.source) {
      found.push(String(node.source.value));
    }
  }
  return found;
}

const seen = new Map(); // url path -> { raw, gzip }
const queue = entries.filter(local).map((url) => posix.normalize(url));
while (queue.length) {
  const url = queue.shift();
  if (seen.has(url)) continue;
  const code = readFileSync(join(dist, url), 'utf8');
  seen.set(url, { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length });
  for (const target of staticImports(code).filter(local)) {
    queue.push(target.startsWith('/') ? posix.normalize(target) : posix.join(posix.dirname(url), target));
  }
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
let total = 0;
for (const [url, { raw, gzip }] of seen) {
  total += gzip;
  console.log(`${url.padEnd(48)} ${kb(raw).padStart(8)} kB  ${kb(gzip).padStart(7)} kB gzip`);
}
for (const url of stylesheets) {
  const css = readFileSync(join(dist, url));
  console.log(
    `${url.padEnd(48)} ${kb(css.length).padStart(8)} kB  ${kb(gzipSync(css, { level: 9 }).length).padStart(7)} kB gzip (CSS, not counted)`,
  );
}
console.log(`JavaScript loaded by /login: ${kb(total)} kB gzipped (budget ${maxKb} kB)`);
process.exit(total > maxKb * 1000 ? 1 : 0);
