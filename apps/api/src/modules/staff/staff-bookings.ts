import { golfersOfRounds } from '@links/shared/groups';
import { formatMoney } from '@links/shared/money';
import {
  STAFF_BOOKING_PAGE_SIZE,
  type StaffBookingDetail,
  type StaffBookingSearch,
  type StaffBookingSearchQuery,
  type StaffBookingState,
} from '@links/shared/schemas/staff-bookings';
import { and, asc, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingRounds,
  bookings,
  mailOutbox,
  operators,
  paymentIntents,
  paymentRefunds,
  recordedPayments,
  staffAuditLog,
  staffRefunds,
  staffUsers,
  teeSlots,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { roundsOfBookings } from '../bookings/bookings.repository.ts';
import { bookingStatement } from '../confirmation/booking-statement.ts';
import { loadBookingRecord } from '../confirmation/confirmation.repository.ts';
import { confirmationPayload, leadName } from '../confirmation/confirmation-payload.ts';
import { golferNamesState } from '../confirmation/load-confirmation.ts';
import { ukDayEnd, ukDayStart } from '../courses/bookable-dates.ts';
import { invoicesOfBooking } from '../invoices/issue-invoice.ts';
import { refundableParts, totalsByIntent } from './booking-cancel.ts';
import { bookingState, bookingStateColumns } from './staff-tee-sheet.ts';

// Finding a booking and its staff page (issue 22): search by number, name, e-mail, phone, operator and dates of
// play; the page answers the confirmation page's payload plus contact details, payments and refunds, the e-mails
// about it and a timeline put together from what the database records of it.

const detail = (key: string) => sql<string>`coalesce(${bookings.playerDetails}->>${key}, '')`;

/** A text field of the stored contact details (trimmed), or '' when it is missing. */
function detailText(playerDetails: unknown, key: string): string {
  const value =
    playerDetails && typeof playerDetails === 'object'
      ? (playerDetails as Record<string, unknown>)[key]
      : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/** LIKE's own characters in what staff typed match themselves. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function searchConditions(query: StaffBookingSearchQuery): SQL[] {
  const conditions: SQL[] = [];
  conditions.push(query.status ? eq(bookings.status, query.status) : ne(bookings.status, 'expired'));
  const text = query.q ?? '';
  if (text !== '') {
    const contains = `%${likeText(text)}%`;
    const matches: SQL[] = [
      sql`(${detail('first_name')} || ' ' || ${detail('surname')}) ilike ${contains}`,
      sql`${detail('lead_player_name')} ilike ${contains}`,
      sql`${detail('email_address')} ilike ${contains}`,
      sql`coalesce(${operators.companyName}, '') ilike ${contains}`,
      sql`coalesce(${operators.username}, '') ilike ${contains}`,
      sql`coalesce(${operators.email}, '') ilike ${contains}`,
    ];
    if (/^\d+$/.test(text)) matches.push(sql`${bookings.bookingNumber} like ${`${text}%`}`);
    const digits = text.replace(/\D/g, '');
    // A phone number as typed ('07400 123456', '+44 7400 123456'): its digits, however it was stored.
    if (digits.length >= 5 && /^[\d\s()+.-]+$/.test(text)) {
      const tail = `%${digits.replace(/^(44|0)/, '')}%`;
      matches.push(sql`regexp_replace(${detail('telephone_number')}, '[^0-9]', '', 'g') like ${tail}`);
      matches.push(
        sql`regexp_replace(coalesce(${operators.telephoneNumber}, ''), '[^0-9]', '', 'g') like ${tail}`,
      );
    }
    conditions.push(or(...matches) as SQL);
  }
  if (query.from || query.to) {
    const from = query.from ? ukDayStart(query.from) : new Date(0);
    const to = query.to ? ukDayEnd(query.to) : new Date('9999-01-01T00:00:00Z');
    conditions.push(sql`exists (
      select 1 from ${bookingRounds} join ${teeSlots} on ${teeSlots.id} = ${bookingRounds.slotId}
      where ${bookingRounds.bookingId} = ${bookings.id}
        and ${teeSlots.startsAt} >= ${from} and ${teeSlots.startsAt} < ${to})`);
  }
  return conditions;
}

export function stateOf(row: {
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  paymentMethod: 'online' | 'deposit' | 'offline' | null;
  payablePence: number | null;
  paidPence: number | null;
}): StaffBookingState {
  return row.status === 'cancelled' || row.status === 'expired' ? row.status : bookingState(row);
}

export async function searchBookings(
  db: DbOrTx,
  query: StaffBookingSearchQuery,
): Promise<StaffBookingSearch> {
  const where = and(...searchConditions(query));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        bookingNumber: bookings.bookingNumber,
        ...bookingStateColumns,
        playerDetails: bookings.playerDetails,
        createdAt: bookings.createdAt,
        operator: operators.companyName,
        operatorEmail: operators.email,
        operatorPhone: operators.telephoneNumber,
      })
      .from(bookings)
      .leftJoin(operators, eq(operators.id, bookings.operatorId))
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(STAFF_BOOKING_PAGE_SIZE)
      .offset((query.page - 1) * STAFF_BOOKING_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(bookings)
      .leftJoin(operators, eq(operators.id, bookings.operatorId))
      .where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const rounds = await roundsOfBookings(db, ids);
  return {
    bookings: rows.map((row) => {
      const own = rounds.filter((round) => round.bookingId === row.id);
      const text = (key: string) => detailText(row.playerDetails, key);
      return {
        booking_number: row.bookingNumber,
        state: stateOf(row),
        lead_name: leadName(row.playerDetails),
        email: text('email_address') || row.operatorEmail || '',
        phone: text('telephone_number') || row.operatorPhone || '',
        operator: row.operator,
        first_tee_time: own[0]?.startsAt.toISOString() ?? null,
        courses: [...new Set(own.map((round) => round.course))],
        players: golfersOfRounds(own.map((round) => ({ courseId: round.course, players: round.players }))),
        payable: row.payablePence ?? 0,
        paid: row.paidPence ?? 0,
        created_at: row.createdAt.toISOString(),
      };
    }),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: STAFF_BOOKING_PAGE_SIZE,
  };
}

const REFUND_WORDS: Record<string, string> = {
  amount_mismatch: 'the amount did not match',
  paid_twice: 'it was paid twice',
  booking_cancelled: 'the booking was cancelled',
  places_gone: 'its places had been taken',
};

const CHECK_IN_WORDS: Record<string, string> = {
  arrived: 'arrived',
  no_show: 'a no-show',
  expected: 'expected',
};

const METHOD_WORDS: Record<string, string> = {
  phone: 'by phone',
  desk: 'at the desk',
  bank_transfer: 'by bank transfer',
};

/** One audit entry about the booking, as the timeline says it. */
function auditWords(
  action: string,
  after: Record<string, unknown> | null,
  before: Record<string, unknown> | null = null,
): string {
  if (action === 'booking.payment_recorded' && after) {
    return `Payment of ${formatMoney(Number(after.amount))} taken ${METHOD_WORDS[String(after.method)] ?? ''} recorded (${String(after.reference)})`;
  }
  if (action === 'booking.round_moved' && after && before) {
    const time = (value: unknown) =>
      new Date(String(value)).toLocaleTimeString('en-GB', {
        timeZone: 'Europe/London',
        hour: '2-digit',
        minute: '2-digit',
      });
    return `Round moved from ${time(before.tee_time)} to ${time(after.tee_time)}`;
  }
  if (action === 'booking.contact_changed' && after) {
    return `Contact details corrected: ${Object.keys(after)
      .map((field) => field.replaceAll('_', ' '))
      .join(', ')}`;
  }
  if (action === 'booking.caddies_changed' && after && before) {
    return `Caddies changed from ${String(before.caddies)} to ${String(after.caddies)}`;
  }
  if (action === 'booking.created' && after) {
    const override = after.championship_override
      ? `; one golfer on the Championship: ${String(after.championship_override)}`
      : '';
    return `Booked for a caller, ${formatMoney(Number(after.payable))} to pay at the desk${override}`;
  }
  if (action === 'booking.changed' && after && before) {
    const payable = Number(after.payable) - Number(before.payable);
    const refund = Number(after.refund);
    const price =
      payable === 0
        ? 'price unchanged'
        : `price ${payable > 0 ? 'up' : 'down'} ${formatMoney(Math.abs(payable))}${refund > 0 ? `, ${formatMoney(refund)} refunded to the card` : ''}`;
    return `Booking changed: ${String(after.reason)} (${price})`;
  }
  if (action === 'booking.cancelled' && after) {
    const refund = Number(after.refund);
    return `Booking cancelled: ${String(after.reason)}${refund > 0 ? ` (${formatMoney(refund)} refunded to the card)` : ' (no refund)'}`;
  }
  if (action === 'booking.due_date_changed' && after) {
    return `Balance now due by ${new Date(String(after.balance_due_at)).toLocaleDateString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' })}`;
  }
  if (action === 'booking.names_changed' && after) {
    return `Golfer ${String(after.position)} named ${after.name ? `'${String(after.name)}'` : 'nobody (cleared)'}`;
  }
  if (action === 'booking.payment_link_sent' && after) {
    return `Payment link for ${formatMoney(Number(after.amount))} e-mailed`;
  }
  if (action === 'golfer.checked_in' && after) {
    return `Golfer ${String(after.position)} marked ${CHECK_IN_WORDS[String(after.status)] ?? String(after.status)}`;
  }
  return action;
}

export async function staffBookingDetail(
  db: DbOrTx,
  bookingNumber: string,
  now: Date,
  namesDeadlineDays: number,
): Promise<StaffBookingDetail> {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      payablePence: bookings.payablePence,
      paidPence: bookings.paidPence,
      playerDetails: bookings.playerDetails,
      notes: bookings.notes,
      createdAt: bookings.createdAt,
      confirmedAt: bookings.confirmedAt,
      cancelledAt: bookings.cancelledAt,
      cancelledReason: bookings.cancelledReason,
      operatorId: bookings.operatorId,
      company: operators.companyName,
      operatorUsername: operators.username,
      operatorEmail: operators.email,
      operatorPhone: operators.telephoneNumber,
      balanceDueAt: bookings.balanceDueAt,
      paymentIntentId: bookings.paymentIntentId,
    })
    .from(bookings)
    .leftJoin(operators, eq(operators.id, bookings.operatorId))
    .where(eq(bookings.bookingNumber, bookingNumber));
  const record = row ? await loadBookingRecord(db, row.id) : undefined;
  if (!row || !record) throw notFound('There is no booking with this number.', 'booking_not_found');

  const [payments, refunds, emails, audit, recorded, pendingRefunds] = await Promise.all([
    db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.bookingId, row.id))
      .orderBy(asc(paymentIntents.createdAt)),
    db
      .select({
        id: paymentRefunds.id,
        paymentIntentId: paymentRefunds.paymentIntentId,
        amount: paymentRefunds.amount,
        status: paymentRefunds.status,
        createdAt: paymentRefunds.createdAt,
      })
      .from(paymentRefunds)
      .innerJoin(paymentIntents, eq(paymentIntents.id, paymentRefunds.paymentIntentId))
      .where(eq(paymentIntents.bookingId, row.id))
      .orderBy(asc(paymentRefunds.createdAt)),
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.bookingId, row.id))
      .orderBy(asc(mailOutbox.createdAt)),
    db
      .select({
        at: staffAuditLog.at,
        actor: staffAuditLog.actor,
        action: staffAuditLog.action,
        before: staffAuditLog.before,
        after: staffAuditLog.after,
        who: staffUsers.name,
      })
      .from(staffAuditLog)
      .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffUserId))
      .where(and(eq(staffAuditLog.targetType, 'booking'), eq(staffAuditLog.targetId, bookingNumber)))
      .orderBy(asc(staffAuditLog.id)),
    db
      .select({
        amount: recordedPayments.amountPence,
        method: recordedPayments.method,
        reference: recordedPayments.reference,
        by: staffUsers.name,
        at: recordedPayments.recordedAt,
      })
      .from(recordedPayments)
      .innerJoin(staffUsers, eq(staffUsers.id, recordedPayments.staffUserId))
      .where(eq(recordedPayments.bookingId, row.id))
      .orderBy(asc(recordedPayments.id)),
    db
      .select({
        id: staffRefunds.id,
        paymentIntentId: staffRefunds.paymentIntentId,
        amount: staffRefunds.amountPence,
        createdAt: staffRefunds.createdAt,
      })
      .from(staffRefunds)
      .where(and(eq(staffRefunds.bookingId, row.id), eq(staffRefunds.status, 'pending'))),
  ]);
  // From the rows just read, by the cancellation's own rule (refundableOf reads the same in its transaction).
  const parts = refundableParts(
    payments,
    totalsByIntent(refunds.map((refund) => ({ intentId: refund.paymentIntentId, amount: refund.amount }))),
    totalsByIntent(
      pendingRefunds.map((refund) => ({ intentId: refund.paymentIntentId, amount: refund.amount })),
    ),
  );
  const refundable =
    row.status === 'confirmed' && parts.length > 0 ? parts.reduce((sum, part) => sum + part.amount, 0) : null;

  const by = row.operatorId === null ? ('golfer' as const) : ('operator' as const);
  type Event = StaffBookingDetail['timeline'][number];
  // A booking the desk made starts with their entry (from the audit log), not a hold by the golfer.
  const byDesk = audit.some((entry) => entry.action === 'booking.created');
  const timeline: Event[] = byDesk
    ? []
    : [{ at: row.createdAt.toISOString(), by, who: null, what: 'Tee times held' }];
  for (const payment of payments) {
    timeline.push({
      at: payment.createdAt.toISOString(),
      by,
      who: null,
      what: `Card payment of ${formatMoney(payment.amount)} started`,
    });
    if (payment.settledAt && payment.settlement === 'refunded') {
      const reason = payment.settlementReason ? REFUND_WORDS[payment.settlementReason] : undefined;
      timeline.push({
        at: payment.settledAt.toISOString(),
        by: 'system',
        who: null,
        what: `Payment of ${formatMoney(payment.amount)} refunded${reason ? `: ${reason}` : ''}`,
      });
    }
  }
  if (row.confirmedAt) {
    timeline.push({ at: row.confirmedAt.toISOString(), by: 'system', who: null, what: 'Booking confirmed' });
  }
  for (const entry of audit) {
    timeline.push({
      at: entry.at.toISOString(),
      by: entry.actor === 'golfer' || entry.actor === 'operator' ? entry.actor : 'staff',
      who: entry.who,
      what: auditWords(
        entry.action,
        entry.after as Record<string, unknown> | null,
        entry.before as Record<string, unknown> | null,
      ),
    });
  }
  // A cancellation by staff is on the timeline as their action (with the reason), from the audit log.
  if (row.cancelledAt && row.cancelledReason !== 'staff') {
    const why =
      row.cancelledReason === 'unpaid'
        ? ': not paid by its deadline'
        : row.cancelledReason === 'places_gone'
          ? ': paid after its places were taken'
          : '';
    timeline.push({
      at: row.cancelledAt.toISOString(),
      by: 'system',
      who: null,
      what: `Booking cancelled${why}`,
    });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  const text = (key: string) => detailText(row.playerDetails, key);
  const address = ['address_line_1', 'address_line_2', 'city', 'county', 'postcode', 'country']
    .map(text)
    .filter(Boolean)
    .join(', ');
  return {
    confirmation: {
      ...confirmationPayload(record, now),
      statement: await bookingStatement(db, row.id),
      golfer_names: golferNamesState(record, namesDeadlineDays, now),
      // The staff area's own download of each document (the public one is for whoever may open the booking).
      invoices: (await invoicesOfBooking(db, row.id)).map((document) => ({
        number: document.number,
        kind: document.kind,
        issued_at: document.issuedAt.toISOString(),
        amount: document.grossPence,
        url: `/v1/staff/bookings/${record.bookingNumber}/invoices/${document.number}`,
      })),
    },
    rounds: record.rounds.map((round) => ({ course_id: round.courseId, slot_id: round.slotId })),
    state: stateOf(row),
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    contact: {
      name: [text('title'), text('first_name'), text('surname')].filter(Boolean).join(' '),
      email: text('email_address') || row.operatorEmail || '',
      phone: text('telephone_number') || row.operatorPhone || '',
      address,
      stay_connected: (row.playerDetails as { stay_connected?: unknown } | null)?.stay_connected === true,
    },
    operator:
      row.company && row.operatorUsername && row.operatorEmail
        ? { company_name: row.company, username: row.operatorUsername, email: row.operatorEmail }
        : null,
    notes: row.notes?.trim() ? row.notes : null,
    payments: payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      amount: payment.amount,
      status: payment.status,
      settlement: payment.settlement ?? null,
      created_at: payment.createdAt.toISOString(),
    })),
    recorded_payments: recorded.map((payment) => ({
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference,
      by: payment.by,
      at: payment.at.toISOString(),
    })),
    balance_due_at: row.balanceDueAt?.toISOString() ?? null,
    refundable: refundable ?? 0,
    refunds: [
      ...refunds.map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        status: refund.status,
        created_at: refund.createdAt.toISOString(),
      })),
      // Asked for by staff, not yet made by the provider (the reconciliation job retries it).
      ...pendingRefunds.map((refund) => ({
        id: `staff-refund-${refund.id}`,
        amount: refund.amount,
        status: 'pending',
        created_at: refund.createdAt.toISOString(),
      })),
    ],
    emails: emails.map((email) => ({
      id: email.id,
      to: email.to,
      subject: email.subject,
      status: email.status,
      attempts: email.attempts,
      created_at: email.createdAt.toISOString(),
      sent_at: email.sentAt?.toISOString() ?? null,
    })),
    timeline,
  };
}
