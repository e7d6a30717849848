import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { looksLikeKey } from '../src/i18n/messages';

const src = fileURLToPath(new URL('../src', import.meta.url));

/** Every part of the portal that keeps a catalogue: `app`, `components` and each feature, by namespace. */
function catalogueFolders(): { namespace: string; folder: string }[] {
  const parts = [
    { namespace: 'app', folder: join(src, 'app/locales') },
    { namespace: 'components', folder: join(src, 'components/locales') },
    ...readdirSync(join(src, 'features')).map((feature) => ({
      namespace: feature,
      folder: join(src, 'features', feature, 'locales'),
    })),
  ];
  return parts.filter((part) => existsSync(part.folder));
}

/** The names a text interpolates ('{{count}}', '{{one, lowercase}}' → count, one). */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort((a, b) => a.localeCompare(b));

describe('the catalogues of every part of the portal', () => {
  const folders = catalogueFolders();

  it('are namespaces the typed resources name', () => {
    const resources = readFileSync(join(src, 'i18n/i18next.d.ts'), 'utf8');
    expect(folders.length).toBeGreaterThan(1);
    for (const { namespace, folder } of folders) {
      const path = relative(join(src, 'i18n'), folder).replaceAll('\\', '/');
      expect(resources, namespace).toContain(
        `import type { en as ${namespace.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())} } from '${path}/en';`,
      );
    }
  });

  for (const { namespace, folder } of folders) {
    it(`${namespace}: German holds every English key, with the same placeholders, in sentences`, async () => {
      const { en } = (await import(join(folder, 'en.ts'))) as { en: Record<string, string> };
      const { de } = (await import(join(folder, 'de.ts'))) as { de: Record<string, string> };
      expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(de[key]), `${namespace} ${key}`).toEqual(placeholders(text));
        for (const value of [text, de[key]]) {
          expect(value.trim(), `${namespace} ${key}`).not.toBe('');
          expect(looksLikeKey(value), `${namespace} ${key}: ${value}`).toBe(false);
        }
      }
    });
  }
});
