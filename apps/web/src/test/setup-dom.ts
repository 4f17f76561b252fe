/**
 * Unit-test setup for files that run in a DOM (jsdom): testing-library waits up to 5 s for an element instead of 1 s,
 * so a lazily imported route that the test runner transforms on first use is found on a loaded CI machine too.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
