import { purgeAccessGrants } from '../modules/confirmation/confirmation.repository.ts';
import { purgeJob } from './job.ts';

/**
 * Deletes lapsed session access grants of the confirmation page (they stop counting the moment they lapse; this
 * keeps the table small). Several instances: one DELETE by expiry.
 */
export const accessGrantPurgeJob = purgeJob(
  'access-grant-purge',
  (app) => purgeAccessGrants(app.db),
  'lapsed booking access grants purged',
);
