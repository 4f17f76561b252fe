import { COURSE_IDS, MAX_GOLFERS } from '@links/shared/constants';
import { formatMoney } from '@links/shared/money';
import type {
  StaffBookingChange,
  StaffBookingChangeRequestInput,
} from '@links/shared/schemas/staff-booking-change';
import { CHANGE_MESSAGES, type StaffBookingDetail } from '@links/shared/schemas/staff-bookings';
import { isValidDateString, londonDate } from '@links/shared/uk-time';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-field';
import { PendingLabel } from '@/components/ui/form-status';
import { useChangeBooking, useChangePreview, useStaffPlayerTypes, useStaffTeeSheet } from '../api/staff-api';
import { poundsToPence } from './booking-money-forms';
import styles from './staff.module.css';
import { MutationFailure, StaffForm } from './staff-kit';
import sheet from './tee-sheet.module.css';
import { teeTimeOf, teeTimePrompt } from './tee-sheet-labels';

// Changing a confirmed booking at the desk (issue 22): each round's day, tee time and caddies, a round dropped, and
// the golfers' player types; previewed first (what it costs, what may go back to the card), then confirmed. The API
// checks and prices it again in the transaction that makes it.

export type RoundDraft = {
  courseId: number;
  name: string;
  keep: boolean;
  date: string;
  slotId: string;
  caddies: string;
};

type Draft = {
  rounds: RoundDraft[];
  golfers: string[];
  override: string;
  reason: string;
};

const FAILED = 'Please try again in a moment.';

function startingDraft(booking: StaffBookingDetail): Draft {
  const slots = new Map(booking.rounds.map((round) => [round.course_id, round.slot_id]));
  return {
    rounds: booking.confirmation.courses.map((course) => ({
      courseId: course.id,
      name: course.name,
      keep: true,
      date: course.tee_time ? londonDate(new Date(course.tee_time)) : '',
      slotId: String(slots.get(course.id) ?? ''),
      caddies: String(course.caddies),
    })),
    golfers: booking.confirmation.golfers.map((golfer) => String(golfer.player_type_id)),
    override: '',
    reason: '',
  };
}

function requestOf(draft: Draft, refund: number): StaffBookingChangeRequestInput {
  return {
    courses: draft.rounds
      .filter((round) => round.keep)
      .map((round) => ({
        id: round.courseId,
        teeTime: { id: Number(round.slotId) },
        caddies: Math.min(Number(round.caddies), draft.golfers.length),
      })),
    golfers: draft.golfers.map((type, index) => ({ id: index + 1, playerTypeId: Number(type) })),
    ...(draft.override.trim() ? { championship_override: draft.override.trim() } : {}),
    refund,
    reason: draft.reason.trim(),
  };
}

/**
 * One round's day, tee time and caddies; its tee times come from that day's staff sheet. A new booking's round also
 * picks its course (`courses`) and may be removed (`onRemove`); a booking's own round may be cancelled (`canDrop`).
 */
export function RoundFields({
  round,
  golfers,
  currentSlotId,
  canDrop = false,
  courses,
  onRemove,
  onChange,
}: {
  round: RoundDraft;
  golfers: number;
  currentSlotId?: number | undefined;
  canDrop?: boolean;
  courses?: ReadonlyArray<{ id: number; name: string }>;
  onRemove?: () => void;
  onChange: (next: RoundDraft) => void;
}) {
  const day = useStaffTeeSheet(round.courseId, isValidDateString(round.date) ? round.date : '', {
    live: false,
  });
  const now = Date.now();
  const choices = (day.data?.slots ?? []).filter(
    (slot) =>
      slot.id === currentSlotId ||
      (slot.block === null && Date.parse(slot.starts_at) > now && slot.places_left > 0),
  );
  return (
    <fieldset className={sheet['change-round']}>
      <legend>{round.name}</legend>
      {courses ? (
        <SelectField
          label="Course"
          options={courses.map((course) => ({ value: String(course.id), label: course.name }))}
          value={String(round.courseId)}
          onChange={(event) => {
            const chosen = courses.find((course) => course.id === Number(event.target.value));
            if (chosen) onChange({ ...round, courseId: chosen.id, name: chosen.name, slotId: '' });
          }}
        />
      ) : null}
      {onRemove ? (
        <button type="button" className={styles['table-button']} onClick={onRemove}>
          {`Remove the ${round.name} round`}
        </button>
      ) : null}
      {canDrop || !round.keep ? (
        <CheckboxField
          label="Cancel this round"
          checked={!round.keep}
          onChange={(event) => onChange({ ...round, keep: !event.target.checked })}
        />
      ) : null}
      {round.keep ? (
        <>
          <TextField
            label="Day"
            type="date"
            value={round.date}
            onChange={(event) => onChange({ ...round, date: event.target.value, slotId: '' })}
          />
          <SelectField
            label="Tee time"
            placeholder={teeTimePrompt(day.isPending, choices.length, 'No tee time that day', 'Choose')}
            options={choices.map((slot) => ({
              value: String(slot.id),
              label:
                slot.id === currentSlotId
                  ? `${slot.time} (now)`
                  : `${slot.time} (${slot.places_left} of ${slot.capacity} free)`,
            }))}
            value={round.slotId}
            onChange={(event) => onChange({ ...round, slotId: event.target.value })}
          />
          <SelectField
            label="Caddies"
            options={Array.from({ length: golfers + 1 }, (_, count) => ({
              value: String(count),
              label: String(count),
            }))}
            value={String(Math.min(Number(round.caddies), golfers))}
            onChange={(event) => onChange({ ...round, caddies: event.target.value })}
          />
        </>
      ) : null}
    </fieldset>
  );
}

/** The golfers by position: each one's player type (any, the concession too), one more or one fewer at the end. */
export function GolferFields({
  golfers,
  types,
  onChange,
}: {
  golfers: string[];
  types: ReadonlyArray<{ id: number; name: string }>;
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className={sheet['change-golfers']}>
      <legend>Golfers</legend>
      {golfers.map((type, index) => (
        // Golfers are positions: the list only grows or shrinks at its end.
        // biome-ignore lint/suspicious/noArrayIndexKey: a golfer is its position in the booking
        <div key={index} className={sheet['golfer-row']}>
          <SelectField
            label={`Golfer ${index + 1}`}
            options={types.map((option) => ({
              value: String(option.id),
              label: option.name,
            }))}
            value={type}
            onChange={(event) =>
              onChange(golfers.map((other, at) => (at === index ? event.target.value : other)))
            }
          />
        </div>
      ))}
      <div className={styles.actions}>
        {golfers.length < MAX_GOLFERS ? (
          <button
            type="button"
            className={styles['table-button']}
            onClick={() => onChange([...golfers, golfers[0] ?? '1'])}
          >
            Add a golfer
          </button>
        ) : null}
        {golfers.length > 1 ? (
          <button
            type="button"
            className={styles['table-button']}
            onClick={() => onChange(golfers.slice(0, -1))}
          >
            {`Remove golfer ${golfers.length}`}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The preview's words: the new price against the old, and what happens to the difference. */
function differenceWords(preview: StaffBookingChange): string {
  const price = `New total ${formatMoney(preview.payable_after)} (was ${formatMoney(preview.payable_before)}`;
  if (preview.difference > 0) {
    return `${price}, up ${formatMoney(preview.difference)}). ${formatMoney(preview.due_after)} will be due, to take by phone or at the desk.`;
  }
  if (preview.difference < 0) {
    return `${price}, down ${formatMoney(-preview.difference)}). ${
      preview.refundable > 0
        ? `Up to ${formatMoney(preview.refundable)} can go back to the card.`
        : 'Nothing was paid by card to refund.'
    }`;
  }
  return `${price}, unchanged).`;
}

export function ChangeBookingForm({
  booking,
  onDone,
}: {
  booking: StaffBookingDetail;
  onDone: (message: string) => void;
}) {
  const number = booking.confirmation.booking_number;
  const types = useStaffPlayerTypes();
  const preview = useChangePreview(number);
  const change = useChangeBooking(number);
  const [draft, setDraft] = useState(() => startingDraft(booking));
  const [refund, setRefund] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; rounds?: string; refund?: string }>({});
  const currentSlots = new Map(booking.rounds.map((round) => [round.course_id, round.slot_id]));
  const kept = draft.rounds.filter((round) => round.keep);
  const needsOverride =
    draft.golfers.length === 1 && kept.some((round) => round.courseId === COURSE_IDS.championship);

  function edit(next: Draft) {
    setDraft(next);
    preview.reset();
    change.reset();
  }

  function check(): boolean {
    const found = {
      ...(draft.reason.trim() === '' || draft.reason.trim().length > 200
        ? { reason: CHANGE_MESSAGES.reason }
        : {}),
      ...(kept.some((round) => round.slotId === '')
        ? { rounds: 'Please choose a tee time for every round.' }
        : {}),
    };
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  function submit() {
    if (!check()) return;
    preview.mutate(requestOf(draft, 0), {
      onSuccess: (answer) => setRefund((answer.refundable / 100).toFixed(2)),
    });
  }

  function confirm() {
    const refundPence = preview.data && preview.data.refundable > 0 ? poundsToPence(refund) : 0;
    if (refundPence === null || (preview.data && refundPence > preview.data.refundable)) {
      setErrors({ refund: refundPence === null ? CHANGE_MESSAGES.refund : CHANGE_MESSAGES.tooMuchRefund });
      return;
    }
    change.mutate(requestOf(draft, refundPence), {
      onSuccess: (done) => {
        preview.reset();
        onDone(
          `Booking ${number} is changed: now ${formatMoney(done.payable_after)}.${
            done.refund
              ? done.refund.status === 'succeeded'
                ? ` ${formatMoney(done.refund.amount)} was refunded to the card.`
                : ` The refund of ${formatMoney(done.refund.amount)} could not reach the card provider yet; it is retried automatically.`
              : done.due_after > 0
                ? ` ${formatMoney(done.due_after)} is due.`
                : ''
          } The golfer has been told.`,
        );
      },
    });
  }

  return (
    <>
      <MutationFailure
        mutation={[preview, change]}
        title="The booking could not be changed"
        fallback={FAILED}
      />
      <StaffForm
        label="Change rounds and golfers"
        className={sheet['change-form']}
        pending={preview.isPending}
        busy="Pricing..."
        submit="Preview change"
        onSubmit={submit}
      >
        <p className={styles.count}>
          A change prices the whole booking again at today's prices (a tour operator's at their trade rate);
          check the new total before you confirm.
        </p>
        {errors.rounds ? (
          <p className={styles['row-error']} role="alert">
            {errors.rounds}
          </p>
        ) : null}
        <div className={sheet['change-rounds']}>
          {draft.rounds.map((round, index) => (
            <RoundFields
              key={round.courseId}
              round={round}
              golfers={draft.golfers.length}
              currentSlotId={currentSlots.get(round.courseId)}
              canDrop={kept.length > 1}
              onChange={(next) =>
                edit({ ...draft, rounds: draft.rounds.map((other, at) => (at === index ? next : other)) })
              }
            />
          ))}
        </div>
        <GolferFields
          golfers={draft.golfers}
          types={types.data ?? []}
          onChange={(next) => edit({ ...draft, golfers: next })}
        />
        {needsOverride ? (
          <TextField
            label="One golfer on the Championship: why"
            autoComplete="off"
            hint="The public flow needs two golfers there; say why this booking may have one."
            value={draft.override}
            onChange={(event) => edit({ ...draft, override: event.target.value })}
          />
        ) : null}
        <TextField
          label="Reason for the change"
          autoComplete="off"
          value={draft.reason}
          error={errors.reason}
          onChange={(event) => edit({ ...draft, reason: event.target.value })}
        />
      </StaffForm>
      {preview.data ? (
        <div className={sheet['change-preview']} role="status">
          <p>{differenceWords(preview.data)}</p>
          <ul>
            {preview.data.rounds.map((round) => (
              <li key={round.course_id}>
                {`${round.course_name}: ${
                  round.to === null
                    ? 'cancelled'
                    : round.from === round.to
                      ? `${teeTimeOf(round.to)}, unchanged`
                      : `${round.from ? `${teeTimeOf(round.from)} → ` : ''}${teeTimeOf(round.to)}`
                }`}
              </li>
            ))}
          </ul>
          {preview.data.refundable > 0 ? (
            <TextField
              label="Refund to the card (£)"
              inputMode="decimal"
              autoComplete="off"
              hint={`Up to ${formatMoney(preview.data.refundable)}; 0 keeps it as credit on the booking.`}
              value={refund}
              error={errors.refund}
              onChange={(event) => setRefund(event.target.value)}
            />
          ) : null}
          <Button onClick={confirm} disabled={change.isPending} aria-busy={change.isPending}>
            <PendingLabel pending={change.isPending} busy="Changing...">
              Confirm change
            </PendingLabel>
          </Button>
        </div>
      ) : null}
    </>
  );
}
