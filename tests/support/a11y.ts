import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { appTakenOver } from './browser';

/** The WCAG 2.2 A and AA rules axe-core checks. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The serious and critical accessibility violations axe-core finds on the page, one line each
 * (rule, count, the first elements), so a failing test says what to fix. Checked once the app has
 * taken the page over: before, a skeleton is inert, out of the accessibility tree, and axe would
 * pass over what a visitor will use.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await appTakenOver(page);
  const results = await new AxeBuilder({ page: page as never }).withTags(WCAG).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
