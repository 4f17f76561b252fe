import {
  expect,
  expectNoAxeViolations,
  saveScreenshot,
  test,
  watchPageProblems,
} from './support/fixtures.ts';
import { completeStepOne } from './support/journey-step-one.ts';

// Issue 20, point 4: above normal use a further hold needs a proof-of-work check, solved by the browser itself (Web
// Workers, WebCrypto) without the golfer doing anything. One browser session already holding tee times (a second
// tab: same cookies, its own booking) is above normal use.

test('a second tab of the same session holds its tee times after a browser check the golfer only sees', async ({
  context,
  page,
}) => {
  await completeStepOne(page, {
    golfers: 2,
    date: '2027-05-18',
    rounds: [{ course: 'Burnside Course', time: '10:20' }],
  });

  const second = await context.newPage();
  // The fixture watches the first page only: the solver's workers must not be blocked on this one either.
  const problems = watchPageProblems(second);
  const challenges: string[] = [];
  second.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/challenge') challenges.push(request.method());
  });
  const status = second.getByRole('status').filter({ hasText: 'security check' });
  // The solver adds its live region the moment it starts and fills it 50 ms later (so screen readers announce it);
  // a check solved sooner never shows its text. So the region's arrival is recorded, and its text when it had any.
  await second.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { browserCheckNotices: string[] }).browserCheckNotices = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (
            node instanceof HTMLElement &&
            node.getAttribute('role') === 'status' &&
            node.parentElement === document.body
          ) {
            seen.push('added');
            new MutationObserver(() => seen.push(node.textContent ?? '')).observe(node, {
              childList: true,
              characterData: true,
              subtree: true,
            });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await completeStepOne(second, {
    golfers: 2,
    date: '2027-05-18',
    rounds: [{ course: 'Burnside Course', time: '10:30' }],
  });
  await expect(second.getByRole('heading', { level: 1, name: 'Add contact details' })).toBeVisible();
  expect(challenges).toEqual(['GET']);
  const notices = await second.evaluate(
    () => (window as unknown as { browserCheckNotices: string[] }).browserCheckNotices,
  );
  expect(notices[0], 'the status region came up while the check ran').toBe('added');
  for (const text of notices.slice(1)) expect(text).toMatch(/^(One moment: .*security check.*)?$/);
  await expect(status).toHaveCount(0);
  await expectNoAxeViolations(second);
  await saveScreenshot(second, 'browser-check-after');
  expect(problems).toEqual([]);
});
