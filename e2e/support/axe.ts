import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const require = createRequire(import.meta.url);
// Injected by evaluating the source through the DevTools protocol rather than page.addScriptTag: the site's CSP
// (script-src 'self') rightly refuses an inline <script>, and the journeys must not weaken CSP to test accessibility.
const axeSource = `${readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')}\n;undefined`;

/** The WCAG levels the site promises: 2.0, 2.1 and 2.2, A and AA. */
export const AXE_WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

function describeViolation(violation: Result): string {
  const targets = violation.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replaceAll('\n', '\n      ')}` : ''}`,
    )
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n    ... and ${violation.nodes.length - 5} more` : '';
  return `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}${more}`;
}

/**
 * Waits for the page's finite CSS transitions and animations to end (a few seconds at most). A colour is measured as
 * it is drawn: a button leaving its disabled look 150 ms after a save was once read half-way, grey on green, and failed
 * a journey for a contrast no golfer ever sees at rest. Endless animations (spinners) are left running.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first, so a state committed just now has started its transitions.
    for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document
      .getAnimations()
      .filter((animation) =>
        Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
      );
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}

/**
 * Runs axe-core on the page as it is now and fails with a readable list of every WCAG A/AA violation.
 * Call it once the state under test is on screen (dialog open, error shown...), after asserting that state.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  await settleTransitions(page);
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.evaluate(axeSource);
  }
  const results = await page.evaluate(
    async ({ tags, exclude, disableRules }) => {
      const axe = window.axe;
      if (!axe) throw new Error('axe-core did not load into the page');
      const context =
        exclude.length > 0 ? ({ include: [document], exclude } as unknown as Document) : document;
      return axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(disableRules.map((rule) => [rule, { enabled: false }])),
        resultTypes: ['violations'],
      });
    },
    { tags: [...AXE_WCAG_TAGS], exclude: options.exclude ?? [], disableRules: options.disableRules ?? [] },
  );
  const report = results.violations.map(describeViolation).join('\n');
  expect(
    results.violations.map((violation) => violation.id),
    `axe-core found accessibility violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}
