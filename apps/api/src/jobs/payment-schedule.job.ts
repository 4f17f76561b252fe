import {
  type PaymentScheduleRun,
  runPaymentSchedule,
} from '../modules/payment-schedule/run-payment-schedule.ts';
import { configuredInterval, type Job } from './job.ts';

/**
 * Tour operators' bookings on terms: one reminder e-mail once a deadline is at most 3 days away, cancellation
 * once it has passed, and the golfers' names reminder a week before its deadline (run-payment-schedule.ts). Several instances: each claim is one conditional UPDATE over rows
 * picked FOR UPDATE SKIP LOCKED, so each booking is reminded once and cancelled once.
 */
export const paymentScheduleJob: Job<PaymentScheduleRun> = {
  name: 'payment-schedule',
  intervalMs: configuredInterval('payment-schedule'),
  run: (app) => runPaymentSchedule(app, app.clock.now()),
  report: ({ reminded, cancelled, namesReminded }) =>
    reminded.length > 0 || cancelled.length > 0 || namesReminded.length > 0
      ? {
          message: 'payment schedule pass',
          fields: {
            reminded: reminded.length,
            cancelled: cancelled.length,
            namesReminded: namesReminded.length,
          },
        }
      : undefined,
};
