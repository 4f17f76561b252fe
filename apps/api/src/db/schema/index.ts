// The one schema: platform tables (sessions, settings, mail outbox ...) and the resort's reference and booking data.

export * from './booking-access.ts';
export * from './bookings.ts';
export * from './challenges.ts';
export * from './invoices.ts';
export * from './mail.ts';
export * from './operators.ts';
export * from './payments.ts';
export * from './rate-limits.ts';
export * from './reference.ts';
export * from './staff.ts';
export * from './system.ts';
