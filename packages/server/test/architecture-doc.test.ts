import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is the newcomer's map: it must name only what exists, and every module and feature.
const root = join(import.meta.dirname, '../../..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const named = [...doc.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
const serverSrc = 'packages/server/src';
const webSrc = 'packages/web/src';

/** A name in backticks as a path from the repository root, or null when it is not a path (a function, a call). */
function asPath(name: string): string | null {
  if (name.startsWith('packages/') || name.startsWith('docs/') || name.startsWith('.')) return name;
  if (
    /^(modules|auth|db|http|readings|telemetry|alerts|mail|events|live|lib|demo)\//.test(name) ||
    /^(main|app)\.ts$/.test(name)
  )
    return `${serverSrc}/${name}`;
  if (/^(app|api|components|features|session|routing|notify|i18n)\//.test(name)) return `${webSrc}/${name}`;
  return null;
}

const subfolders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const missing = named
      .map(asPath)
      .filter((p): p is string => p !== null)
      .filter((p) => !existsSync(join(root, p.replace(/\/$/, ''))));
    expect(missing).toEqual([]);
  });

  it('names every server module and every web feature', () => {
    const modules = subfolders(`${serverSrc}/modules`).map((m) => `modules/${m}`);
    const features = subfolders(`${webSrc}/features`).map((f) => `features/${f}`);
    expect([...modules, ...features].filter((name) => !named.includes(name))).toEqual([]);
  });

  it('names every room of the server and of the web app', () => {
    const rooms = [
      ...subfolders(serverSrc).map((r) => `${r}/`),
      ...subfolders(webSrc).map((r) => `${r}/`),
      ...subfolders(`${serverSrc}/lib`).map((l) => `lib/${l}`),
    ];
    expect(rooms.filter((room) => !named.includes(room))).toEqual([]);
  });
});
