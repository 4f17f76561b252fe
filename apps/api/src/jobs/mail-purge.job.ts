import { purgeOldMail } from '../modules/mail/purge-outbox.ts';
import { purgeJob } from './job.ts';

/**
 * Deletes sent and failed mail older than the retention period (it holds addresses and booking details); pending
 * mail is never touched. Several instances: one DELETE by status and age.
 */
export const mailPurgeJob = purgeJob(
  'mail-purge',
  (app) => purgeOldMail(app.db),
  'old mail deleted from the outbox',
);
