import { type ProcessOutboxResult, processOutbox } from '../modules/mail/process-outbox.ts';
import { configuredInterval, type Job } from './job.ts';

/**
 * Sends the mail outbox rows that are due (confirmations, resets, reminders), retrying with back-off. Several
 * instances: rows are claimed with one UPDATE over a FOR UPDATE SKIP LOCKED selection that leases them, and
 * outcomes are written only under the claim's attempt count, so no row is sent twice (process-outbox.ts).
 */
export const mailOutboxJob: Job<ProcessOutboxResult> = {
  name: 'mail-outbox',
  intervalMs: configuredInterval('mail-outbox'),
  run: (app) => processOutbox(app.db, app.mail.transport),
  report: (result) =>
    result.claimed > 0 ? { message: 'mail outbox pass', fields: { ...result } } : undefined,
};
