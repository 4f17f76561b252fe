import { loadEnvFile } from 'node:process';

/**
 * Reads `.env` from the working directory (the repository root for every npm script) when there is one.
 * Variables already in the environment win, so deployments and tests are never overridden by a stray file.
 */
export function loadDotEnv(path = '.env'): void {
  try {
    loadEnvFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
