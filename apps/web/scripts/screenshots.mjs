// Screenshots and an axe-core audit of key pages at desktop and phone widths.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl] [outDir]  (serve the app first, e.g. `npx vite preview`)
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const baseUrl = process.argv[2] ?? 'http://localhost:4173';
const outDir = process.argv[3] ?? 'screenshots';
const pages = (process.env.PAGES ?? '/,/maintenance,/no-such-page,/login').split(',');
const widths = [1280, 375];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

let violations = 0;
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 812 } });
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(400);
      const name = `${path === '/' ? 'home' : path.replace(/^\//, '').replace(/\W+/g, '-')}-${width}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
      const result = await page.evaluate(async () => {
        const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
        return violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => n.target.join(' ')),
        }));
      });
      violations += result.length;
      console.info(`${name}: title="${await page.title()}" axe violations=${result.length}`);
      for (const v of result) console.info(`  ${v.impact} ${v.id}: ${v.nodes.slice(0, 5).join(' | ')}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
process.exitCode = violations > 0 ? 1 : 0;
