import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic-job.ts';
import { routeNow } from '../courses/clock.ts';
import { runPaymentSchedule } from './run-payment-schedule.ts';

/** How often each instance runs the payment-schedule job; deadlines are days apart, so minutes are plenty. */
export const PAYMENT_SCHEDULE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Every PAYMENT_SCHEDULE_INTERVAL_MS, sends the due payment reminders and cancels overdue unpaid bookings on
 * terms (see runPaymentSchedule). Safe in every instance: each claim is a conditional UPDATE over rows locked
 * with SKIP LOCKED. Runs with the other background sweeps: off when HOLD_SWEEP_INTERVAL_MS is 0 (tests run it by
 * hand). Started when the app is ready, stopped on close; passes never overlap, and a failing pass is logged and
 * retried at the next tick.
 */
export async function paymentScheduleJob(app: FastifyInstance): Promise<void> {
  if (app.config.bookings.holdSweepIntervalMs <= 0) return;

  const pass = async () => {
    const { reminded, cancelled } = await runPaymentSchedule(app, routeNow(app.config));
    if (reminded.length > 0 || cancelled.length > 0) {
      app.log.info({ reminded: reminded.length, cancelled: cancelled.length }, 'payment schedule pass');
    }
  };

  runPeriodically(app, PAYMENT_SCHEDULE_INTERVAL_MS, pass, 'payment schedule pass failed');
}
