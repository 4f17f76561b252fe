import { afterAll, afterEach } from 'vitest';

/** What undoes one thing a test made: a process to stop, a folder to remove. */
export type CleanupStep = () => Promise<unknown>;

/**
 * The undo steps of the calling test file's processes and folders: push one as soon as there is something to undo;
 * they run newest first after each test (or after the file), whether it passed or not.
 */
export function cleanupSteps(after: 'each test' | 'the file' = 'each test'): CleanupStep[] {
  const steps: CleanupStep[] = [];
  (after === 'each test' ? afterEach : afterAll)(async () => {
    for (const step of steps.splice(0).reverse()) await step();
  });
  return steps;
}
