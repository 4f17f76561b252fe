import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/** Holds every request for `url` until the returned function is called, then lets them through. */
async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Every console warning and error of the page, which a visit that goes right should not log at all. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  return problems;
}

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

for (const viewport of viewports) {
  test.describe(`home page at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('shows the header and the footer', async ({ page, axe }) => {
      await page.goto('/');

      // The booking page itself rendered, not the error page inside the same frame.
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('A swing and a miss!')).toHaveCount(0);

      const header = page.getByRole('banner');
      await expect(header.getByText('Online Booking', { exact: true })).toBeVisible();
      // A link styled as a button: it navigates to /login (or shows 'Loading' while the session is checked).
      const login = header.getByRole('link', { name: 'Tour Operator Login' });
      await expect(login.or(header.getByRole('button', { name: 'Tour Operator Login' }))).toBeVisible();
      await expect(header.getByRole('link', { name: /^Back to/ })).toBeVisible();

      const footer = page.getByRole('contentinfo');
      for (const name of ['Need assistance?', 'Terms & Conditions', 'Have feedback?']) {
        await expect(footer.getByRole('link', { name })).toBeVisible();
      }
      await expect(footer.getByText(/©\s*\d{4}/)).toBeVisible();
      await expect(footer.getByText(/VAT/)).toBeVisible();
      // Signed out: no account link.
      await expect(footer.getByRole('link', { name: 'Manage Account' })).toHaveCount(0);

      // Nothing may spill sideways on a phone: the page is exactly as wide as the viewport.
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);

      await saveScreenshot(page, `home-${viewport.width}`);
      await axe();
    });
  });
}

test('an anonymous visit logs nothing in the console and gets no error answer', async ({ page }) => {
  const problems = consoleProblems(page);
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  for (const path of ['/', '/login', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Tour Operator Login' })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('an unknown path answers 404 and shows the error page with its status', async ({ page, axe }) => {
  // The true status for links, crawlers and monitors, with the page a person reads.
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);

  await expect(page.getByText('A swing and a miss!')).toBeVisible();
  await expect(page.getByText(/^404\b.*Not Found/)).toBeVisible();
  await expect(page.getByText('Sorry, it looks like you found a little problem')).toBeVisible();
  await expect(page).toHaveTitle(/^404\b/);

  await saveScreenshot(page, 'not-found');
  await axe();

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText('Online Booking', { exact: true })).toBeVisible();
});

test('/ arrives prerendered and is hydrated; the pages that need nothing to draw too; the rest get the empty shell', async ({
  page,
  request,
}) => {
  const home = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(home).toMatch(/<div id="root" data-prerendered-year="\d{4}"><div/);
  expect(home).toContain('Create experience</h1>');
  for (const [path, status, text] of [
    ['/login', 200, 'Tour Operator Login</h1>'],
    ['/forgot-password', 200, 'Forgot your password?</h1>'],
    ['/confirmation', 200, 'This page is protected for your security</h1>'],
    ['/no-such-page', 404, 'A swing and a miss!</h1>'],
  ] as const) {
    const answer = await request.get(path, { headers: { accept: 'text/html' } });
    expect(answer.status(), path).toBe(status);
    const prerendered = await answer.text();
    expect(prerendered, path).toMatch(/<div id="root" data-prerendered-year="\d{4}"><div/);
    expect(prerendered, path).toContain(text);
    // No hero on these pages: no preload for it to go unused.
    expect(prerendered, path).not.toContain('as="image" href="/images/hero');
  }
  for (const path of ['/contact-details', '/login/']) {
    const shell = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(shell, path).toContain('<div id="root"></div>');
    expect(shell, path).not.toContain('data-prerendered-year');
    expect(shell, path).not.toContain('rel="preload"');
  }

  // Nothing at all: the signed-out session check answers 200 with no operator (it was a 401 logged on every visit).
  const problems = consoleProblems(page);
  // Hold the app's script until the prerendered heading is marked: hydration adopts that very node, a fresh
  // render would replace it.
  const release = await holdBack(page, /\/assets\/index-[^/]*\.js$/);
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  await page.goto('/', { waitUntil: 'commit' });
  const heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Create experience' });
  await heading.evaluate((element) => Object.assign(element, { prerenderedNode: true }));
  // Styled before any script ran, from the page's own <style> blocks (allowed by the CSP: no console error).
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
    /^"Cormorant Garamond"/,
  );
  expect(await page.locator('link[rel="stylesheet"]:not([disabled])').count()).toBe(0);
  // The hydrated page's first API call (the session check) starts in an effect, after React attached its listeners:
  // a click before that would be lost.
  const hydrated = page.waitForRequest(/\/v1\//);
  release();
  await hydrated;
  await page.getByRole('button', { name: 'Add a Golfer' }).click();
  await expect(page.getByText('Golfer 1', { exact: true })).toBeVisible();
  expect(await heading.evaluate((element) => 'prerenderedNode' in element)).toBe(true);
  // Hydrating the home page fetches none of the stylesheets already written into it.
  expect(stylesheets.filter((url) => /\/assets\/(index|home|booking-shell)-/.test(url))).toEqual([]);

  // With a booking restored from sessionStorage the page renders afresh (the markup shows an empty booking).
  await page.reload();
  await expect(page.getByText('Golfer 1', { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a prerendered page beyond / is hydrated, not drawn again, and needs no stylesheet or round trip to do it', async ({
  page,
}) => {
  const problems = consoleProblems(page);
  const release = await holdBack(page, /\/assets\/index-[^/]*\.js$/);
  const stylesheets: string[] = [];
  const scriptsAfterEntry: string[] = [];
  let entryAnswered = false;
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    if (entryAnswered && request.resourceType() === 'script') scriptsAfterEntry.push(request.url());
  });
  page.on('response', (response) => {
    if (/\/assets\/index-[^/]*\.js$/.test(response.url())) entryAnswered = true;
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Tour Operator Login' });
  await heading.evaluate((element) => Object.assign(element, { prerenderedNode: true }));
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
    /^"Cormorant Garamond"/,
  );
  // Until hydrated the button is disabled (the browser's own GET would put the password in the address).
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  release();
  // Hydrated: the form answers (its validation message), and the heading is the very node of the markup.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter a username address')).toBeVisible();
  expect(await heading.evaluate((element) => 'prerenderedNode' in element)).toBe(true);
  // Its route's code was preloaded with the entry and its stylesheets are in the page.
  expect(stylesheets).toEqual([]);
  expect(scriptsAfterEntry).toEqual([]);

  // Opened without the query it was prerendered with, the reset page is drawn afresh: no mismatch to log.
  await page.goto('/reset');
  await expect(page.getByRole('heading', { name: 'Oops, Link Expired' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the tee-time code is fetched at the first interaction, not while / is starting', async ({ page }) => {
  const teeTimeCode = /\/assets\/tee-times-step-[^/]*\.js$/;
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (teeTimeCode.test(request.url())) fetched.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // Hydrated and idle: the courses are listed from the API, and still nothing asked for the tee-time code.
  await expect(page.getByRole('button', { name: 'Add a Golfer' })).toBeEnabled();
  await page.waitForTimeout(2_000);
  expect(fetched).toEqual([]);

  const requested = page.waitForRequest(teeTimeCode);
  await page.mouse.move(200, 300);
  await requested;
  expect(fetched).toHaveLength(1);
});

test('the app starts only once the hero image has loaded, so the largest paint has the connection to itself', async ({
  page,
}) => {
  const releaseHero = await holdBack(page, /\/images\/hero[^/]*\.webp$/);
  const opened = Date.now();
  const scripts: Array<{ url: string; afterMs: number }> = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script')
      scripts.push({ url: request.url(), afterMs: Date.now() - opened });
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Create experience' }),
  ).toBeVisible();
  // The page is on screen from its markup; while the hero is still on its way, no script has been asked for. The
  // start script's 3 s cap for a stalled image (timed from after the page opened) may fire on a busy machine.
  await page.waitForTimeout(1_000);
  expect(scripts.filter((script) => script.afterMs < 3_000)).toEqual([]);

  releaseHero();
  await expect(page.getByRole('button', { name: 'Add a Golfer' })).toBeEnabled();
  expect(scripts.filter(({ url }) => /\/assets\/index-[^/]*\.js$/.test(url))).toHaveLength(1);
});

test('the app still starts when the hero image cannot be loaded', async ({ page }) => {
  await page.route(/\/images\/hero[^/]*\.webp$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Add a Golfer' })).toBeEnabled();
});
