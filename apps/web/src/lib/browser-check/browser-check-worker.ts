/// <reference lib="webworker" />
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

// One of the workers solveChallengeWorkers runs: it tries its share of the counters with WebCrypto's PBKDF2, off
// the page's main thread so the page stays responsive while the check runs.
handler({ deriveKey });
