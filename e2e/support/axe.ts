import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
type Impact = NonNullable<Result['impact']>;
const SERIOUS: readonly Impact[] = ['serious', 'critical'];
/** What the page-by-page check refuses: also landmarks, heading order and the like (decision 047). */
export const MODERATE_AND_WORSE: readonly Impact[] = ['moderate', ...SERIOUS];

/** Runs axe-core (injected from npm, nothing fetched) on the page; returns its violations of the given impacts. */
export async function blockingViolations(page: Page, impacts: readonly Impact[] = SERIOUS): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  );
  return results.violations.filter((violation) => violation.impact && impacts.includes(violation.impact));
}

/** One line per violation and up to three of its nodes, for a failure message a person can act on. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 3).map((node) => `    ${node.target.join(' ')}: ${node.failureSummary}`);
      return `  ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}
