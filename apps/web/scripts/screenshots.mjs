// Screenshots and an axe-core audit of key pages at desktop and phone widths.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl] [outDir]  (serve the app first, e.g. `npx vite preview`)
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
// Node runs the TypeScript fixture itself (type stripping): the same three courses the component tests use.
import { TEST_COURSES } from '../src/test/course-fixtures.ts';
import { auditPage, launchChromium } from './lib/browser.mjs';

const baseUrl = process.argv[2] ?? 'http://localhost:4173';
// Default: the repository's git-ignored screenshots/ folder, wherever the script is started from.
const outDir = process.argv[3] ?? join(import.meta.dirname, '..', '..', '..', 'screenshots');
const pages = (process.env.PAGES ?? '/,/maintenance,/no-such-page,/login').split(',');
// MOCK_API=1 answers the API calls with demo data, to see pages in their loaded state without a server.
const mockApi = process.env.MOCK_API === '1';
const suffix = process.env.SUFFIX ?? (mockApi ? '-mock' : '');
const demo = {
  '/v1/players': [
    { id: 1, name: 'Adult' },
    { id: 3, name: 'Under 16' },
  ],
  '/v1/courses': TEST_COURSES,
};
const widths = [1280, 375];

await mkdir(outDir, { recursive: true });
const browser = await launchChromium();

let violations = 0;
try {
  for (const width of widths) {
    // bypassCSP lets the audit inject axe-core; CSP violations by the app itself still show as console errors below.
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 900 : 812 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') console.info(`  console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => console.info(`  page error: ${error.message}`));
    if (mockApi) {
      await page.route('**/csrf', (route) =>
        route.fulfill({
          status: 200,
          headers: { 'set-cookie': 'XSRF-TOKEN=demo; Path=/' },
          json: { data: {} },
        }),
      );
      await page.route('**/v1/**', (route) => {
        const { pathname } = new URL(route.request().url());
        if (pathname in demo) return route.fulfill({ json: { data: demo[pathname] } });
        if (pathname === '/v1/maintenance')
          return route.fulfill({ status: 503, json: { error: { code: 'maintenance', message: 'Down' } } });
        return route.fulfill({
          status: 401,
          json: { error: { code: 'unauthenticated', message: 'Not signed in' } },
        });
      });
    }
    for (const path of pages) {
      await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 1800));
      const name = `${path === '/' ? 'home' : path.replace(/^\//, '').replace(/\W+/g, '-')}${suffix}-${width}.png`;
      if (process.env.CLICK) {
        for (const label of process.env.CLICK.split('|'))
          await page.getByRole('button', { name: label }).first().click();
        await page.waitForTimeout(300);
      }
      await page.screenshot({ path: join(outDir, name), fullPage: process.env.FULL !== '0' });
      violations += await auditPage(page, `${name}: title="${await page.title()}"`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
process.exitCode = violations > 0 ? 1 : 0;
