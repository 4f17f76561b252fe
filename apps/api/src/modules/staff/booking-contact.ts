import { individualPlayerDetailsSchema } from '@links/shared/schemas/contact-details';
import type { StaffContactAnswer, StaffContactRequest } from '@links/shared/schemas/staff-bookings';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings } from '../../db/schema/index.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { recordAudit } from './audit-log.ts';
import { withBookingLocked } from './lock-booking-by-number.ts';

// Staff correct a visitor's name, e-mail address or phone number (issue 22). The whole record, changed, must pass the
// golfer's own form rules (individualPlayerDetailsSchema: a real e-mail, a phone number valid for its country), so
// nothing is stored that the golfer's page could not have stored. An operator booking's contact is the operator's
// account, changed there. Audited with the fields' values before and after.

export type ContactDeps = Pick<FastifyInstance, 'clock' | 'db'>;

const FIELDS = ['first_name', 'surname', 'email_address', 'telephone_number'] as const;

export async function changeContact(
  deps: ContactDeps,
  bookingNumber: string,
  request: StaffContactRequest,
  staffUserId: number,
): Promise<StaffContactAnswer> {
  return withBookingLocked(deps, bookingNumber, async (tx, booking, now) => {
    if (booking.operatorId !== null) {
      throw new AppError(
        'contact_change_not_allowed',
        422,
        "An operator booking's contact details are the operator's account: change them there.",
      );
    }
    const current = (booking.playerDetails ?? {}) as Record<string, unknown>;
    const changed = FIELDS.filter(
      (field) => request[field] !== undefined && request[field] !== current[field],
    );
    if (changed.length === 0) return { booking_number: bookingNumber, changed: [] };
    const checked = individualPlayerDetailsSchema.safeParse({ ...current, ...request });
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
      throw validationFailed(fields);
    }
    await tx
      .update(bookings)
      .set({ playerDetails: checked.data, updatedAt: sql`now()` })
      .where(eq(bookings.id, booking.id));
    const pick = (source: Record<string, unknown>) =>
      Object.fromEntries(changed.map((field) => [field, source[field] ?? null]));
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'booking.contact_changed',
      target: { type: 'booking', id: bookingNumber },
      before: pick(current),
      after: pick(checked.data as Record<string, unknown>),
      at: now,
    });
    return { booking_number: bookingNumber, changed: [...changed] };
  });
}
