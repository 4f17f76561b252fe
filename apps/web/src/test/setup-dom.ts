/**
 * Unit-test setup for files that run in a DOM (jsdom): testing-library waits up to 5 s for an element instead of 1 s,
 * so a lazily imported route that the test runner transforms on first use is found on a loaded CI machine too.
 */
if (typeof document !== 'undefined') {
  const { configure, getConfig } = await import('@testing-library/react');
  const { vi } = await import('vitest');
  const realSetTimeout = globalThis.setTimeout;
  const wrap = getConfig().asyncWrapper;
  configure({
    asyncUtilTimeout: 5_000,
    // React Testing Library ends every async step (each user-event action, waitFor) with a setTimeout(0) that it
    // advances itself only under Jest's fake timers; under Vitest's it never fires and the step hangs
    // (testing-library/react-testing-library#1197). Here Vitest's clock is moved on once the step itself is done.
    asyncWrapper: async (step) => {
      if (!vi.isFakeTimers()) return wrap(step);
      let stepDone = false;
      let wrapped = false;
      const result = wrap(async () => {
        try {
          return await step();
        } finally {
          stepDone = true;
        }
      }).finally(() => {
        wrapped = true;
      });
      while (!wrapped) {
        await new Promise((resolve) => realSetTimeout(resolve, 0));
        if (stepDone && vi.isFakeTimers()) vi.advanceTimersByTime(0);
      }
      return result;
    },
  });
}

export {};
