/**
 * Every catalogue file the first page does not carry, as a loader: `<part>/locales/<language>.ts`,
 * where the part is `app`, `components` or a feature's folder and names the namespace; the
 * messages ('translation') are `i18n/<language>.ts`, the domain package's texts ('domain')
 * `i18n/domain/<language>.ts`.
 */
const FILES = import.meta.glob<Record<string, Record<string, string>>>([
  './de.ts',
  './domain/*.ts',
  '../app/locales/de.ts',
  '../components/locales/*.ts',
  '../features/*/locales/*.ts',
]);

function fileOf(language: string, namespace: string): string {
  if (namespace === 'translation') return `./${language}.ts`;
  if (namespace === 'domain') return `./domain/${language}.ts`;
  if (namespace === 'app' || namespace === 'components') return `../${namespace}/locales/${language}.ts`;
  return `../features/${namespace}/locales/${language}.ts`;
}

/** A namespace's catalogue in a language; it exports the catalogue under the language's key. */
export async function loadCatalogue(language: string, namespace: string): Promise<Record<string, string>> {
  const load = FILES[fileOf(language, namespace)];
  if (!load) throw new Error(`No ${language} catalogue for ${namespace}`);
  return (await load())[language];
}
