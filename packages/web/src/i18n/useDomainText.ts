import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/** A sentence with values, found again in its filled English ('Row 3: …' from 'Row {{row}}: {{why}}'). */
interface Template {
  english: string;
  pattern: RegExp;
  names: string[];
}

const PLACE = /\{\{(\w+)\}\}/g;
const FIGURE = /^-?\d+(\.\d+)?$/;

function templateOf(english: string): Template {
  const names = [...english.matchAll(PLACE)].map((match) => match[1]);
  const literal = english
    .split(PLACE)
    .map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { english, pattern: new RegExp(`^${literal}$`, 's'), names };
}

/** A catalogue's templates, the most literal text first: 'Row {{row}}: …' is tried before '{{band}} {{low}}-{{high}}'. */
const templatesOf = new WeakMap<object, Template[]>();
function templates(catalogue: Record<string, unknown>): Template[] {
  let found = templatesOf.get(catalogue);
  if (!found) {
    const literalLength = (english: string) => english.replace(PLACE, '').length;
    found = Object.keys(catalogue)
      .filter((english) => english.includes('{{'))
      .sort((a, b) => literalLength(b) - literalLength(a))
      .map(templateOf);
    templatesOf.set(catalogue, found);
  }
  return found;
}

/**
 * A text the domain package wrote in English (a validation message, a signal's name, a server's
 * refusal with values in it) in the current language: its German where `domain/de.ts` has one,
 * else as written. A filled sentence is matched against the catalogue's templates, and its values
 * are written in the language too (a band's name, a figure's decimal comma). Outside React (a failed
 * call's toast) the domain's catalogue is read as far as it is loaded: a screen that shows such texts
 * has loaded it through `useDomainText`.
 */
export function domainTextNow<Text extends string | undefined>(text: Text): Text | string {
  if (text === undefined) return text;
  const language = i18next.resolvedLanguage ?? 'en';
  const catalogue = i18next.getResourceBundle(language, 'domain') as Record<string, string> | undefined;
  if (!catalogue) return text;
  if (typeof catalogue[text] === 'string') return catalogue[text];
  for (const { english, pattern, names } of templates(catalogue)) {
    const match = pattern.exec(text);
    if (!match) continue;
    const value = (filled: string) =>
      FIGURE.test(filled)
        ? new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 10 }).format(Number(filled))
        : domainTextNow(filled);
    const values = Object.fromEntries(names.map((name, i) => [name, value(match[i + 1])]));
    return catalogue[english].replace(PLACE, (_, name: string) => values[name]);
  }
  return text;
}

export function useDomainText(): <Text extends string | undefined>(text: Text) => Text | string {
  // Subscribes to the language and loads the domain's catalogue in it.
  useTranslation('domain');
  return domainTextNow;
}
