import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's own script, evaluated in each page as it is (the package ships it for that): evaluated,
 * not added as a script tag, which the portal's Content-Security-Policy rightly refuses.
 */
const AXE_SOURCE = axe.source;

/** The WCAG 2.0 and 2.1 levels A and AA, the ones the portal meets. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Minor and moderate findings are left to review; these two fail the walk. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The rules a colour scheme decides; the others (names, roles, structure) read the same in both. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core on the page as it stands and returns one line per serious or critical violation:
 * rule, impact, the elements (selectors) and what to do. An empty list means the page passed.
 * `rules` runs only those of the WCAG levels' rules (COLOUR_RULES, to check a second scheme).
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS };
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown }> } }).axe;
    const result = await axe.run(document, { runOnly: only, resultTypes: ['violations'] });
    return result.violations;
  }, runOnly);
  return (violations as AxeViolation[])
    .filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n` +
        v.nodes
          .map(
            (n) =>
              `    ${n.target.map(String).join(' > ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
          )
          .join('\n'),
    );
}
