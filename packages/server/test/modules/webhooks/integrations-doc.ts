import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root, where docs/ is. */
export const REPO = join(import.meta.dirname, '../../../../..');

/** The fenced code blocks of docs/integrations.md in one language, in order, as written. */
export function integrationsBlocks(language: string): string[] {
  const doc = readFileSync(join(REPO, 'docs/integrations.md'), 'utf8');
  return [...doc.matchAll(/^```(\w*)\n([^]*?)^```$/gm)].filter((m) => m[1] === language).map((m) => m[2]);
}
