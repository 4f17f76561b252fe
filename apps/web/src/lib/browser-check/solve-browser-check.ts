import { CHALLENGE_PATH } from '@links/shared/proof-of-work';
import { type Challenge, solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { ApiError, api } from '../api-client';
import { setBrowserCheck } from './browser-check-notice';

// Loaded only when the API asks for a check (lib/api-client.ts): the visitor who never meets one never downloads it.

export const BROWSER_CHECK_FAILED =
  'We could not complete the browser check. Please check your connection and try again.';

const SOLVE_TIMEOUT_MS = 90_000;

function newWorker(): Worker {
  return new Worker(new URL('./browser-check-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Gets a challenge for this session, solves it (in Web Workers where the browser has them) and returns the value of
 * the X-Proof-Of-Work header that lets the next hold through.
 */
export async function solveBrowserCheck(): Promise<string> {
  setBrowserCheck(true);
  try {
    const { challenge } = await api.get<{ challenge: Challenge }>(CHALLENGE_PATH);
    const solution =
      typeof Worker === 'undefined'
        ? await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS })
        : await solveChallengeWorkers({
            challenge,
            concurrency: Math.min(4, Math.max(1, navigator.hardwareConcurrency || 2)),
            createWorker: newWorker,
            timeout: SOLVE_TIMEOUT_MS,
          });
    if (!solution) throw new ApiError(0, { message: BROWSER_CHECK_FAILED, code: 'challenge_unsolved' });
    return btoa(JSON.stringify({ challenge, solution }));
  } finally {
    setBrowserCheck(false);
  }
}
