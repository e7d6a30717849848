/**
 * A sentence with values in it ('Row {{row}}: {{why}}'), kept as its template in a `…_TEXTS` table.
 * The domain fills the template in English; the web finds the template again in the filled sentence
 * (a server's refusal arrives as text) and writes it in the reader's language.
 */
export type TextValues = Record<string, string | number>;

export const fillText = (template: string, values: TextValues): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
