// Shared by the screenshot scripts: Debian's Chromium with the flags this machine needs, and an axe-core audit.
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../../../scripts/chromium.mjs';

const require = createRequire(import.meta.url);

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
}

/** Runs axe-core on the page (its context must bypass CSP), prints each violation and returns how many there were. */
export async function auditPage(page, label) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  console.info(`${label} axe violations=${violations.length}`);
  for (const v of violations) console.info(`  ${v.impact} ${v.id}: ${v.nodes.slice(0, 5).join(' | ')}`);
  return violations.length;
}
