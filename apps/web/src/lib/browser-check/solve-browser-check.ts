import { CHALLENGE_PATH } from '@links/shared/proof-of-work';
import { type Challenge, solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { ApiError, api } from '../api-client';
import styles from './browser-check-notice.module.css';

// Loaded only when the API asks for a check (lib/api-client.ts): the visitor who never meets one never downloads it.

export const BROWSER_CHECK_FAILED =
  'We could not complete the browser check. Please check your connection and try again.';

export const BROWSER_CHECK_MESSAGE =
  'One moment: your browser is completing a quick security check before we hold your tee times.';

const SOLVE_TIMEOUT_MS = 90_000;

/**
 * Says what is happening while the check runs (usually a second or two). Built here, not in the page's React tree, so
 * the page's first bundle carries none of it. A polite live region: added empty, then filled, so screen readers
 * announce the message. Returns its removal.
 */
function showNotice(): () => void {
  const notice = document.createElement('div');
  notice.setAttribute('role', 'status');
  notice.className = styles.notice ?? '';
  document.body.append(notice);
  const fill = window.setTimeout(() => {
    notice.textContent = BROWSER_CHECK_MESSAGE;
  }, 50);
  return () => {
    window.clearTimeout(fill);
    notice.remove();
  };
}

function newWorker(): Worker {
  return new Worker(new URL('./browser-check-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Gets a challenge for this session, solves it (in Web Workers where the browser has them) and returns the value of
 * the X-Proof-Of-Work header that lets the next hold through.
 */
export async function solveBrowserCheck(): Promise<string> {
  const hideNotice = showNotice();
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
    hideNotice();
  }
}
