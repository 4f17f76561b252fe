import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { e2eBaseUrl } from './e2e/support/env.ts';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from './scripts/chromium.mjs';

// A free port picked once by the runner and inherited by its workers through the environment, so parallel runs on one
// machine (several engineers, CI) never collide on a fixed port. E2E_PORT pins it.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  ).trim();
}
const port = process.env.E2E_PORT;
const baseURL = e2eBaseUrl(port);

const isCI = process.env.CI === 'true';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  forbidOnly: isCI,
  // Tests, not just files, spread over the workers; server-wide state changes live in the 'global-state' project.
  fullyParallel: true,
  retries: 0,
  // Two cores: one worker per core keeps the server and the browsers from starving each other.
  workers: 2,
  // Limits for hangs, not for speed (speed is measured by npm run bench): CI's two cores run two journeys, their
  // Chromiums and the server at once, and on a slow host a lazily loaded step (its chunks, then /v1/time, then the
  // countdown's own chunk) has been seen to need more than 5 s to appear, and on a host at half speed the longer
  // journeys (several sign-ins, both widths, axe) have met a 60 s limit after passing every step.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // A visitor in the UK (the site's default country comes from the browser's languages).
    locale: 'en-GB',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: DEBIAN_CHROMIUM,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    {
      name: 'journeys',
      testIgnore: '**/*.global.spec.ts',
    },
    {
      // Journeys that change server-wide state (maintenance mode) run alone, after the others, one at a time.
      name: 'global-state',
      testMatch: '**/*.global.spec.ts',
      dependencies: ['journeys'],
      workers: 1,
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/start-server.ts',
    url: `${baseURL}/`,
    env: { PORT: port },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
