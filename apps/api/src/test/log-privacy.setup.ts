import { afterAll, expect } from 'vitest';
import { capturedAppLog } from './app-log.ts';
import { findPersonalData } from './personal-data.ts';

// Every API test file builds its apps with the production logger writing to memory (createTestApp), and this hook,
// registered before the file's own hooks and so run after them, fails the file when any line of that log holds an
// e-mail address, telephone number or postcode. The hostile suite (src/test/hostile) sends the worst requests we
// know: malformed text, killed database connections, providers that time out; none may put a golfer in the log.
afterAll(() => {
  const found = findPersonalData(capturedAppLog());
  expect(found, 'personal data written to the application log').toEqual([]);
});
