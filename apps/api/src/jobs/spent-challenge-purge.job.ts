import { purgeSpentChallenges } from '../lib/proof-of-work.ts';
import { purgeJob } from './job.ts';

/**
 * Deletes used proof-of-work challenges once they have expired (an expired challenge is refused anyway, so its
 * record no longer guards against a replay). Several instances: one DELETE by expiry; a row deleted by one is simply
 * not there for the other.
 */
export const spentChallengePurgeJob = purgeJob(
  'spent-challenge-purge',
  (app) => purgeSpentChallenges(app.db),
  'expired spent challenges deleted',
);
