import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The violations axe-core finds on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // The hosted payment frame is another origin's document; it is checked on its own below.
    .exclude('iframe')
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * No axe-core violation (WCAG 2.x A/AA and best practices) once the page has settled: a check that lands while one
 * dialog hands over to the next (the page behind briefly not hidden from assistive technology, under the dimmed
 * backdrop) is asked again; a violation that stays fails. The poll allows 30 s: one axe pass over a store page
 * took 5-14 s on this 2-core machine under load (the 5 s it had failed with no violation found).
 */
export async function expectNoAxeViolations(page: Page, context: string) {
  await expect
    .poll(() => violations(page), {
      message: `axe violations on ${context}`,
      timeout: 30_000,
      intervals: [250, 500, 1_000],
    })
    .toEqual([]);
}
