// Step 1 in a real Chromium against a running site and API with seeded demo data: two golfers, two courses on
// the next weekday, tee times that show several slot states, caddies and the priced summary. Screenshots at
// 1280 and 375 px and an axe-core audit of each state (exit code 1 on any violation).
// Usage: node apps/web/scripts/step-one-screenshots.mjs [baseUrl] [outDir]
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { auditPage, launchChromium } from './lib/browser.mjs';

const baseUrl = process.argv[2] ?? 'http://localhost:4173';
const outDir = process.argv[3] ?? join(import.meta.dirname, '..', '..', '..', 'screenshots');
const widths = (process.env.WIDTHS ?? '1280,375').split(',').map(Number);

/** The next Monday to Friday after today in the UK: the seed fills Championship tee times on that day. */
function nextWeekday() {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/London' }));
  const date = new Date(today);
  do date.setDate(date.getDate() + 1);
  while (date.getDay() === 0 || date.getDay() === 6);
  return date;
}

await mkdir(outDir, { recursive: true });
const browser = await launchChromium();

let violations = 0;
try {
  const day = nextWeekday();
  const weekday = day.toLocaleDateString('en-GB', { weekday: 'long' });
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 900 : 812 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.info(`  page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.info(`  console error: ${message.text()}`);
    });
    await page.goto(baseUrl, { waitUntil: 'load' });
    await page.getByText('Golfer 1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add a Golfer' }).click();
    await page.getByRole('button', { name: /Championship Course/ }).click();
    await page.getByRole('button', { name: /Burnside Course/ }).click();
    const championship = page.getByRole('article', { name: 'Championship Course date and tee time' });
    const burnside = page.getByRole('article', { name: 'Burnside Course date and tee time' });
    await championship.getByRole('combobox').waitFor();
    const month = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}`;
    await championship.getByRole('combobox').selectOption(month);
    // Day buttons are named like 'Monday 23rd November 2026, Good availability'.
    await championship
      .getByRole('button', { name: new RegExp(`^${day.getDate()} \\w+ \\d{4}, ${weekday}`) })
      .click();
    await championship.getByRole('button', { name: /^09:10/ }).click();
    await burnside.getByRole('button', { name: /^14:00/ }).click();
    await page.getByText('Total Payable').waitFor();
    // On wide screens the tee-time section closes once complete; open it again to show the sheets.
    const change = page.getByRole('button', { name: 'Change choose your tee times' });
    if (await change.isVisible()) await change.click();
    await page.getByRole('radio', { name: /Caddies on all rounds/ }).check();
    await page.getByLabel('Caddies per round').selectOption('2');
    await page.getByLabel('Additional notes').fill('Two electric trolleys, please.');
    await page.waitForTimeout(800);
    await page.evaluate(() => document.fonts.ready);
    const name = `step-one-${width}.png`;
    await page.screenshot({ path: join(outDir, name), fullPage: true });
    console.info(`${name}: saved`);
    violations += await auditPage(page, `${name}:`);

    // A third golfer no longer fits the 09:10 Championship slot (two places left): the choice needs attention.
    await page.getByRole('button', { name: 'Add a Golfer' }).click();
    await page.getByText('Needs attention - too many players selected').first().waitFor();
    const teeTimes = page.getByRole('region', { name: 'Choose your tee times' });
    await teeTimes.screenshot({ path: join(outDir, `step-one-attention-${width}.png`) });
    violations += await auditPage(page, `step-one-attention-${width}.png:`);

    // One golfer: empty Championship slots need two players, and the info box says so.
    await page.getByRole('button', { name: 'Remove golfer 3' }).click();
    await page.getByRole('button', { name: 'Remove golfer 2' }).click();
    await page.waitForTimeout(500);
    if (await change.isVisible()) await change.click();
    await page.getByText('we require at least two players', { exact: false }).first().waitFor();
    await teeTimes.screenshot({ path: join(outDir, `step-one-single-golfer-${width}.png`) });
    violations += await auditPage(page, `step-one-single-golfer-${width}.png:`);
    await context.close();
  }
} finally {
  await browser.close();
}
process.exitCode = violations > 0 ? 1 : 0;
