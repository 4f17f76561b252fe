/**
 * Puts a confirmed booking whose tee time has passed into the e2e database, one whose round teed off an hour ago
 * and is still being played, and one cancelled yesterday for want of payment: the booking flow never sells a tee
 * time in the past, so the journeys about a played booking ('Thanks for playing', and not before the round can have
 * finished) have no other way to get one, and the cancelled one would otherwise need the payment-schedule job to
 * run over a booking's deadline.
 *
 * start-server.ts runs it after the seed and before the server starts, while the PGlite data directory is free:
 * `node --import tsx e2e/support/seed-past-booking.ts`, with the server's environment (DATA_DIR, LINK_SIGNING_SECRET,
 * PORT ...). It opens the database with the API's own client and config, prices the golfers with the resort's own
 * pricing, hashes the PIN with the API's own PIN hashing, and writes the booking number and PIN to
 * .cache/e2e-past-booking-<port>.json (read by the journeys through past-booking.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COURSE_IDS, DEFAULT_PLAYER_TYPE_ID } from '@links/shared/constants';
import { paymentSchedule } from '@links/shared/payment-terms';
import { priceBooking } from '@links/shared/pricing';
import { individualPlayerDetailsSchema } from '@links/shared/schemas/contact-details';
import { operatorPlayerDetailsSchema } from '@links/shared/schemas/operator-contact-details';
import { publishedWindowsFor } from '@links/shared/tee-times';
import { addDays, londonDate, londonWallTimeToUtc, todayInLondon } from '@links/shared/uk-time';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import { createDatabase } from '../../apps/api/src/db/client.ts';
import {
  bookingGolfers,
  bookingRounds,
  bookings,
  courses,
  operators,
  paymentIntents,
  teeSlots,
} from '../../apps/api/src/db/schema/index.ts';
import { randomBookingNumber } from '../../apps/api/src/modules/bookings/booking-number.ts';
import { bookingPinHash, newBookingPin } from '../../apps/api/src/modules/confirmation/booking-pin.ts';
import { issueInvoice } from '../../apps/api/src/modules/invoices/issue-invoice.ts';
import { loadPricingTables } from '../../apps/api/src/modules/tickets/pricing-tables.repository.ts';
import { DEPOSIT_OPERATOR } from './operator-accounts.ts';
import { type PastBooking, pastBookingFile } from './past-booking.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const COURSE_ID = COURSE_IDS.burnside;
const DAYS_AGO = 14;
/** Booked (and paid) this long before the round. */
const BOOKED_DAYS_BEFORE = 30;
const DAY_MS = 86_400_000;
const PLAYERS = 2;
const CADDIES = 1;
/** The in-play booking's round began this long ago. */
const IN_PLAY_FOR_MS = 60 * 60_000;

const CONTACT_DETAILS = {
  player_type: 'lead_player',
  title: 'Mr',
  first_name: 'Angus',
  surname: 'Fairlie',
  email_address: 'angus.fairlie@example.com',
  telephone_country_code: 'GB',
  telephone_number: '07400 123456',
  address_line_1: '2 Links Parade',
  city: 'Carnoustie',
  county: 'Angus',
  postcode: 'DD7 7JE',
  country: 'GB',
  stay_connected: false,
};

const port = process.env.PORT;
if (!port) {
  console.error('seed-past-booking: PORT is not set (start-server.ts sets it)');
  process.exit(1);
}

const config = loadConfig();
const database = await createDatabase(config, 'the e2e past-booking seed');

/** A booking cancelled by the payment-schedule job: nothing paid by its deadline. */
type Cancelled = { at: Date; reason: 'unpaid' };

/**
 * A tour operator's deposit booking made `bookedAt`: the deposit paid by card then (its intent and VAT invoice as the
 * engine leaves them), the balance due by the schedule's date, its first reminder point already sent.
 */
type OnDeposit = { operatorId: number; depositPercent: number; bookedAt: Date };

/**
 * A confirmed, paid booking of PLAYERS golfers on one Burnside round at `startsAt`, with its PIN; or, given
 * `cancelled`, one cancelled unpaid as the payment-schedule job leaves it.
 */
async function seedConfirmedBooking(
  startsAt: Date,
  cancelled?: Cancelled,
  onDeposit?: OnDeposit,
): Promise<Omit<PastBooking, 'inPlay' | 'cancelled' | 'depositDue'>> {
  const date = londonDate(startsAt);
  const bookedAt = onDeposit?.bookedAt ?? new Date(startsAt.getTime() - BOOKED_DAYS_BEFORE * DAY_MS);
  const pin = newBookingPin();

  const saved = await database.db.transaction(async (tx) => {
    // Slots are generated from today on, so the past one is made here (kept if an earlier run made it).
    await tx.insert(teeSlots).values({ courseId: COURSE_ID, startsAt }).onConflictDoNothing();
    const [slot] = await tx
      .select({ id: teeSlots.id, courseName: courses.name })
      .from(teeSlots)
      .innerJoin(courses, eq(courses.id, teeSlots.courseId))
      .where(and(eq(teeSlots.courseId, COURSE_ID), eq(teeSlots.startsAt, startsAt)));
    if (!slot) throw new Error(`no tee slot for course ${COURSE_ID} at ${startsAt.toISOString()}`);

    // Priced as the booking flow prices it: net + VAT = total per golfer, and the booking is their sum.
    const priced = priceBooking(
      Array.from({ length: PLAYERS }, (_, index) => ({
        id: index + 1,
        playerTypeId: DEFAULT_PLAYER_TYPE_ID,
      })),
      [{ courseId: COURSE_ID, date }],
      await loadPricingTables(tx),
    );
    const [booking] = await tx
      .insert(bookings)
      .values({
        bookingNumber: randomBookingNumber(),
        status: 'confirmed',
        createdAt: bookedAt,
        updatedAt: bookedAt,
        confirmedAt: bookedAt,
        notes: '',
        caddiesOption: 'some',
        playerDetails: individualPlayerDetailsSchema.parse(CONTACT_DETAILS),
        netPence: priced.totals.net,
        vatPence: priced.totals.vat,
        payablePence: priced.totals.payable,
        paidPence: cancelled ? 0 : priced.totals.payable,
        ...(onDeposit ? depositTerms(onDeposit, date, priced.totals.payable) : {}),
        ...(cancelled
          ? { status: 'cancelled' as const, cancelledAt: cancelled.at, cancelledReason: cancelled.reason }
          : {}),
      })
      .returning({ id: bookings.id, bookingNumber: bookings.bookingNumber });
    if (!booking) throw new Error('the booking was not inserted');
    // The hash binds the PIN to the booking id, so it is written once the id exists.
    await tx
      .update(bookings)
      .set({ pinHash: bookingPinHash(config.linkSigningSecret, booking.id, pin) })
      .where(eq(bookings.id, booking.id));
    await tx.insert(bookingRounds).values({
      bookingId: booking.id,
      courseId: COURSE_ID,
      slotId: slot.id,
      players: PLAYERS,
      caddies: CADDIES,
    });
    await tx.insert(bookingGolfers).values(
      priced.golfers.map((golfer) => ({
        bookingId: booking.id,
        position: golfer.id,
        playerTypeId: DEFAULT_PLAYER_TYPE_ID,
        netPence: golfer.net_price,
        vatPence: golfer.total_vat,
        totalPence: golfer.total_price,
        tickets: golfer.tickets,
        ticketLabel: golfer.ticket_label,
      })),
    );
    if (onDeposit) {
      // The deposit as the engine records a card payment: the settled intent, then its VAT invoice.
      const deposit = depositTerms(onDeposit, date, priced.totals.payable).paidPence;
      const intentId = `pi_sbx_seed_${booking.id}`;
      await tx.insert(paymentIntents).values({
        id: intentId,
        provider: 'sandbox',
        bookingId: booking.id,
        amount: deposit,
        currency: 'gbp',
        status: 'succeeded',
        metadata: { booking_id: String(booking.id), booking_number: booking.bookingNumber },
        settlement: 'confirmed',
        settledAt: bookedAt,
        createdAt: bookedAt,
        updatedAt: bookedAt,
      });
      await issueInvoice(tx, {
        kind: 'invoice',
        bookingId: booking.id,
        sourceKey: `card:${intentId}`,
        grossPence: deposit,
        what: 'Deposit paid by card',
        at: bookedAt,
      });
    }
    return { bookingNumber: booking.bookingNumber, courseName: slot.courseName };
  });

  return {
    bookingNumber: saved.bookingNumber,
    pin,
    courseName: saved.courseName,
    teeTime: startsAt.toISOString(),
    players: PLAYERS,
    caddies: CADDIES,
  };
}

/** The booking columns of a deposit booking, by the shared schedule the engine uses at step 2. */
function depositTerms(onDeposit: OnDeposit, date: string, payable: number) {
  const [deposit, balance] = paymentSchedule({
    method: 'deposit',
    bookedAt: onDeposit.bookedAt,
    playDates: [date],
    totalPence: payable,
    depositPercent: onDeposit.depositPercent,
  }).instalments;
  if (!deposit || !balance) throw new Error('a deposit booking needs a deposit and a balance');
  return {
    operatorId: onDeposit.operatorId,
    playerDetails: operatorPlayerDetailsSchema.parse({
      first_name: 'Ewan',
      surname: 'Lindsay',
      lead_player_country_code: 'IE',
      payment_method: 'deposit',
      terms_and_conditions_agreed: true,
    }),
    paymentMethod: 'deposit' as const,
    depositPence: deposit.amountPence,
    depositDueAt: deposit.dueBy,
    balanceDueAt: balance.dueBy,
    paidPence: deposit.amountPence,
    // The reminder 14 days before the balance went when it was due; the one 3 days before is the next.
    paymentRemindersDone: 1,
    paymentReminderSentAt: new Date(balance.dueBy.getTime() - 14 * DAY_MS),
  };
}

try {
  // The first tee time of the course's published window that day (a Saturday and a weekday differ).
  const date = addDays(todayInLondon(), -DAYS_AGO);
  const time = publishedWindowsFor(COURSE_ID, date)[0]?.start ?? '10:00';
  const past = await seedConfirmedBooking(londonWallTimeToUtc(date, time));
  // A round that teed off an hour ago and is still being played (four hours a round on Burnside).
  const inPlayStart = new Date(Math.floor((Date.now() - IN_PLAY_FOR_MS) / 60_000) * 60_000);
  const inPlay = await seedConfirmedBooking(inPlayStart);
  // A booking 60 days ahead that was cancelled yesterday for want of payment.
  const aheadDate = addDays(todayInLondon(), 60);
  const aheadTime = publishedWindowsFor(COURSE_ID, aheadDate)[0]?.start ?? '10:00';
  const cancelled = await seedConfirmedBooking(londonWallTimeToUtc(aheadDate, aheadTime), {
    at: new Date(Date.now() - DAY_MS),
    reason: 'unpaid',
  });
  // A deposit booking of the 50 % deposit operator, made 25 days ago for 44 days ahead: its balance is due in two
  // days, so the payment-schedule job's first pass sends the reminder 3 days before (issue 24's journey pays from it).
  const [operator] = await database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, DEPOSIT_OPERATOR.username));
  if (!operator)
    throw new Error(`no operator ${DEPOSIT_OPERATOR.username}: start-server.ts creates it first`);
  const dueDate = addDays(todayInLondon(), 44);
  const depositDue = await seedConfirmedBooking(
    londonWallTimeToUtc(dueDate, publishedWindowsFor(COURSE_ID, dueDate)[0]?.start ?? '10:00'),
    undefined,
    {
      operatorId: operator.id,
      depositPercent: DEPOSIT_OPERATOR.deposit,
      bookedAt: new Date(Date.now() - 25 * DAY_MS),
    },
  );
  const seeded: PastBooking = { ...past, inPlay, cancelled, depositDue };
  const file = pastBookingFile(root, port);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(seeded, null, 2)}\n`);
  console.info(
    `seed-past-booking: bookings ${past.bookingNumber} (${date} ${time} UK), ${inPlay.bookingNumber} (in play) and ${cancelled.bookingNumber} (cancelled) written to ${file}`,
  );
} finally {
  await database.close();
}
