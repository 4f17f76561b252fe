/** @jsxRuntime automatic */

import { golferNamesDeadline } from '@links/shared/schemas/golfer-names';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingGolfers, bookingRounds, bookings, operators, teeSlots } from '../../db/schema/index.ts';
import { roundsOfBookings } from '../bookings/bookings.repository.ts';
import { lastRoundStart, signBookingLink } from '../confirmation/confirmation-link.ts';
import { EmailLayout } from '../mail/email-layout.tsx';
import { ButtonFallback, EmailButton, Paragraph } from '../mail/email-parts.tsx';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';
import type { PaymentScheduleDeps } from './run-payment-schedule.ts';

// Issue 24 point 4: a week before the names' deadline, a tour operator whose booking still has golfers without a
// name is reminded once, with the booking's signed link. Each booking is claimed by one conditional UPDATE
// (names_reminder_sent_at still null), so instances racing over it send one e-mail.

/** How long before the deadline the reminder goes. */
export const NAMES_REMINDER_BEFORE_MS = 7 * 24 * 3_600_000;

type Candidate = {
  id: number;
  bookingNumber: string;
  operatorEmail: string;
  companyName: string;
  missing: number;
};

export function namesReminderEmail(
  to: string,
  details: {
    bookingNumber: string;
    companyName: string;
    missing: number;
    golfers: number;
    deadline: string;
    url: string;
  },
  brand: MailBrand,
): Promise<MailMessage> {
  const names = `${details.missing} of ${details.golfers} golfers' ${details.missing === 1 ? 'name is' : 'names are'}`;
  return renderEmail(
    <EmailLayout
      title="Golfers' names needed"
      preheader={`Please name the golfers of booking ${details.bookingNumber} by ${details.deadline}.`}
      brand={brand}
    >
      <Paragraph>{`Dear ${details.companyName},`}</Paragraph>
      <Paragraph>
        {`${names} still missing on booking ${details.bookingNumber} at ${brand.resortName}. Please add them by ${details.deadline}: after that date our reservations team makes any change.`}
      </Paragraph>
      <EmailButton href={details.url}>Add the names</EmailButton>
      <ButtonFallback href={details.url} />
      <Paragraph muted>
        {`Questions? Call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`}
      </Paragraph>
    </EmailLayout>,
  ).then((rendered) => ({
    to,
    subject: `Golfers' names needed for booking ${details.bookingNumber}`,
    ...rendered,
  }));
}

/** One pass: reminds each operator booking whose names are incomplete and whose deadline is at most a week away. */
export async function remindMissingNames(deps: PaymentScheduleDeps, tx: Tx, now: Date): Promise<number[]> {
  const days = deps.config.bookings.namesDeadlineDays;
  // Candidates: confirmed operator bookings not yet reminded, with a golfer unnamed and a round still to come within
  // the deadline's reach; the exact window (a week before the deadline, up to it) is checked per booking below.
  const horizon = new Date(now.getTime() + (days + 9) * 24 * 3_600_000);
  const candidates: Candidate[] = await tx
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      operatorEmail: operators.email,
      companyName: operators.companyName,
      missing: sql<number>`(select count(*)::integer from ${bookingGolfers} where ${bookingGolfers.bookingId} = ${bookings.id} and ${bookingGolfers.name} = '')`,
    })
    .from(bookings)
    .innerJoin(operators, eq(operators.id, bookings.operatorId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNotNull(bookings.operatorId),
        isNull(bookings.namesReminderSentAt),
        sql`exists (select 1 from ${bookingGolfers} where ${bookingGolfers.bookingId} = ${bookings.id} and ${bookingGolfers.name} = '')`,
        sql`exists (select 1 from ${bookingRounds} join ${teeSlots} on ${teeSlots.id} = ${bookingRounds.slotId} where ${bookingRounds.bookingId} = ${bookings.id} and ${teeSlots.startsAt} > ${now.toISOString()}::timestamptz and ${teeSlots.startsAt} < ${horizon.toISOString()}::timestamptz)`,
      ),
    )
    .limit(200);
  const reminded: number[] = [];
  for (const candidate of candidates) {
    const rounds = await roundsOfBookings(tx, [candidate.id]);
    const first = rounds[0];
    if (!first) continue;
    const deadline = golferNamesDeadline(first.startsAt, days);
    if (now.getTime() > deadline.getTime() || now.getTime() < deadline.getTime() - NAMES_REMINDER_BEFORE_MS)
      continue;
    const claimed = await tx
      .update(bookings)
      .set({ namesReminderSentAt: now })
      .where(and(eq(bookings.id, candidate.id), isNull(bookings.namesReminderSentAt)))
      .returning({ id: bookings.id });
    if (claimed.length === 0) continue;
    const golfers = await tx
      .select({ position: bookingGolfers.position })
      .from(bookingGolfers)
      .where(inArray(bookingGolfers.bookingId, [candidate.id]));
    const link = signBookingLink(deps.config, candidate.bookingNumber, now, lastRoundStart(rounds));
    await enqueueMail(
      tx,
      await namesReminderEmail(
        candidate.operatorEmail,
        {
          bookingNumber: candidate.bookingNumber,
          companyName: candidate.companyName,
          missing: candidate.missing,
          golfers: golfers.length,
          deadline: formatLongDate(londonDate(deadline)),
          url: link.url,
        },
        deps.config.brand,
      ),
      { bookingId: candidate.id },
    );
    reminded.push(candidate.id);
  }
  return reminded;
}
