// Fails when a Markdown file names, in backticks, a repository file or folder that does not exist
// (a file moved or deleted since the text was written). Run by `npm run check`.
//
// A word inside `code` counts as a path when it ends in a file extension or starts with a top
// folder of the repository (packages/, bench/, server/, src/, ...). It is found when a file or
// folder of that name exists: from the root or the Markdown file's folder, or as the tail of a
// longer path (`modules/fleets/fleets.service.ts`, `report-order.ts`). An import specifier's
// `.js` also finds the `.ts` or `.tsx` file it compiles from. A file that is gone on purpose
// (a benchmark replaced, say) is named without backticks.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Generated, installed or local folders: neither searched nor checked. */
const UNTRACKED = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results', 'coverage', 'results', '.scratch']);
const EXTENSION = /\.(ts|tsx|js|mjs|cjs|md|sh|json|sql|css|html|svg|conf|service|timer|ya?ml)$/;
const TOP_FOLDER = /^(packages|bench|scripts|docs|deploy|server|web|domain|src|test|e2e)\//;
/** Only plain path characters: URLs, globs, placeholders ({id}, …, <name>) and commands are not paths. */
const PATH_LIKE = /^[\w@.-]+(\/[\w@.-]+)*\/?$/;

/** Every file and folder under the root, as paths relative to it. */
function listTree(dir = root, paths = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (UNTRACKED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    paths.push(relative(root, path));
    if (entry.isDirectory()) listTree(path, paths);
  }
  return paths;
}

const tree = listTree();
const known = new Set(tree);
const tails = new Set(tree.flatMap((path) => path.split('/').map((_, i, parts) => parts.slice(i).join('/'))));

/** The words of a Markdown file's inline code spans, with their line numbers; fenced blocks are skipped. */
function codeWords(text) {
  const words = [];
  const unfenced = text.replace(/^(```|~~~)[^]*?^\1/gm, (block) => block.replace(/[^\n]/g, ' '));
  for (const span of unfenced.matchAll(/`([^`]+)`/g)) {
    const line = unfenced.slice(0, span.index).split('\n').length;
    for (const word of span[1].split(/\s+/)) words.push({ word: word.replace(/[,;:.)]+$/, ''), line });
  }
  return words;
}

const isPath = (word) =>
  PATH_LIKE.test(word) &&
  !word.startsWith('../') &&
  !UNTRACKED.has(word.split('/')[0]) &&
  (EXTENSION.test(word.replace(/\/$/, '')) || TOP_FOLDER.test(word));

function exists(word, markdownDir) {
  const bare = word.replace(/^\.\//, '').replace(/\/$/, '');
  const candidates = [
    bare,
    ...(bare.endsWith('.js') ? [bare.replace(/\.js$/, '.ts'), bare.replace(/\.js$/, '.tsx')] : []),
  ];
  return candidates.some(
    (path) => known.has(path) || tails.has(path) || known.has(relative(root, join(root, markdownDir, path))),
  );
}

const markdown = tree.filter((path) => path.endsWith('.md'));
const missing = [];
for (const file of markdown) {
  for (const { word, line } of codeWords(readFileSync(join(root, file), 'utf8'))) {
    if (isPath(word) && !exists(word, dirname(file))) missing.push(`${file}:${line}: \`${word}\` names no file here`);
  }
}

if (missing.length) {
  console.error(missing.join('\n'));
  console.error(`\n${missing.length} path(s) in the documentation name files that do not exist.`);
  process.exit(1);
}
console.log(`Paths named in ${markdown.length} Markdown files all exist.`);
