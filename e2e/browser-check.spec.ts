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

test.describe.configure({ timeout: 90_000 });

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
  const sawCheck = status.waitFor({ state: 'visible', timeout: 30_000 }).then(
    () => true,
    () => false,
  );
  await completeStepOne(second, {
    golfers: 2,
    date: '2027-05-18',
    rounds: [{ course: 'Burnside Course', time: '10:30' }],
  });
  await expect(second.getByRole('heading', { level: 1, name: 'Add contact details' })).toBeVisible();
  expect(challenges).toEqual(['GET']);
  expect(await sawCheck).toBe(true);
  await expect(status).toHaveCount(0);
  await expectNoAxeViolations(second);
  await saveScreenshot(second, 'browser-check-after');
  expect(problems).toEqual([]);
});
