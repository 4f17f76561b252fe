import { isCaddieEligible } from '@links/shared/caddies';
import { CADDIE_CUTOFF_HOURS } from '@links/shared/constants';
import { isGroup } from '@links/shared/groups';
import type {
  CancellationReason,
  Confirmation,
  ConfirmationPaymentMethod,
  ConfirmationPriceLine,
} from '@links/shared/schemas/confirmation';
import type { BookingRecord } from './confirmation.repository.ts';

const CUTOFF_MS = CADDIE_CUTOFF_HOURS * 3_600_000;

type Details = Record<string, unknown>;

function asDetails(value: unknown): Details {
  return value && typeof value === 'object' ? (value as Details) : {};
}

function text(details: Details, key: string): string {
  const value = details[key];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The lead golfer's name: a visitor booking for someone else names the lead player; otherwise the person who
 * booked is the lead ('Ada Lovelace'). Operator bookings give the lead player's first name and surname.
 */
export function leadName(playerDetails: unknown): string {
  const details = asDetails(playerDetails);
  if (text(details, 'player_type') === 'booking_player' && text(details, 'lead_player_name')) {
    return text(details, 'lead_player_name');
  }
  return [text(details, 'first_name'), text(details, 'surname')].filter(Boolean).join(' ');
}

/** Operator bookings record their payment terms on the booking; a visitor's booking is a card payment. */
export function paymentMethod(record: Pick<BookingRecord, 'paymentMethod'>): ConfirmationPaymentMethod {
  return record.paymentMethod ?? 'card';
}

/** Whether a round's caddies may still change: a confirmed booking and a tee time more than 24 hours away. */
export function caddiesEditable(record: Pick<BookingRecord, 'status'>, startsAt: Date, now: Date): boolean {
  return record.status === 'confirmed' && isCaddieEligible(startsAt, now);
}

/** The page's word for bookings.cancelled_reason; reasons it does not explain (yet) are 'other'. */
export function cancellationReason(reason: string | null): CancellationReason {
  return reason === 'unpaid' || reason === 'places_gone' ? reason : 'other';
}

export function calendarPath(bookingNumber: string): string {
  return `/v1/bookings/${bookingNumber}/calendar.ics`;
}

/** The confirmation page's payload (packages/shared/src/schemas/confirmation.ts), on the server clock `now`. */
export function confirmationPayload(record: BookingRecord, now: Date): Confirmation {
  const payable = record.payablePence;
  const paid = record.paidPence;
  const teeTimes = record.rounds.map((round) => round.startsAt.getTime());
  const last = teeTimes.length > 0 ? new Date(Math.max(...teeTimes)) : null;
  // 'Thanks for playing' once the last round can have finished: its tee time plus its course's completion time.
  const finishes = record.rounds.map((round) => round.startsAt.getTime() + round.durationHours * 3_600_000);
  const hasPlayed = finishes.length > 0 && now.getTime() >= Math.max(...finishes);

  const lines = new Map<number, ConfirmationPriceLine>();
  for (const golfer of record.golfers) {
    const line = lines.get(golfer.playerTypeId) ?? {
      player_type_id: golfer.playerTypeId,
      player_type: golfer.playerType,
      count: 0,
      total: 0,
    };
    line.count += 1;
    line.total += golfer.totalPence;
    lines.set(golfer.playerTypeId, line);
  }

  // A group's caddies are spread over its tee times on one course; the page's form changes one round per course,
  // so they are changed by phone.
  const group = isGroup(record.golfers.length);
  const courses = record.rounds.map((round) => ({
    id: round.courseId,
    name: round.courseName,
    slug: round.slug,
    image: round.image,
    tee_time: round.startsAt.toISOString(),
    players: round.players,
    caddies: round.caddies,
    caddie_price: round.caddiePricePence,
    caddie_total: round.caddies * round.caddiePricePence,
    guide_url: round.guideUrl,
    caddies_editable: !group && !hasPlayed && caddiesEditable(record, round.startsAt, now),
    caddie_cutoff: new Date(round.startsAt.getTime() - CUTOFF_MS).toISOString(),
  }));

  return {
    booking_number: record.bookingNumber,
    status: record.status,
    amount_paid: paid,
    totals: {
      net: record.netPence,
      vat: record.vatPence,
      payable,
      paid,
      due: Math.max(0, payable - paid),
    },
    golfer_count: Math.max(1, record.golfers.length),
    golfers: record.golfers.map((golfer) => ({
      id: golfer.position,
      player_type_id: golfer.playerTypeId,
      player_type: golfer.playerType,
      total: golfer.totalPence,
      name: golfer.name,
    })),
    price_breakdown: [...lines.values()].sort((a, b) => a.player_type_id - b.player_type_id),
    subtotal: record.netPence,
    vat: record.vatPence,
    total: payable,
    courses,
    caddie_total: courses.reduce((sum, course) => sum + course.caddie_total, 0),
    last_tee_time: last ? last.toISOString() : null,
    has_played: hasPlayed,
    lead_name: leadName(record.playerDetails),
    payment_method: paymentMethod(record),
    balance_due_at: record.balanceDueAt && payable > paid ? record.balanceDueAt.toISOString() : null,
    cancellation:
      record.status === 'cancelled'
        ? {
            // A row cancelled before cancelled_at was written everywhere reads as cancelled now.
            at: (record.cancelledAt ?? now).toISOString(),
            reason: cancellationReason(record.cancelledReason),
          }
        : null,
    calendar_url: calendarPath(record.bookingNumber),
    server_time: now.toISOString(),
  };
}
