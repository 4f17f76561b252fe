import { formatMoney } from '@links/shared/money';
import { poundsToPence } from '@links/shared/schemas/due-payments';
import {
  CANCEL_MESSAGES,
  MONEY_MESSAGES,
  RECORDED_PAYMENT_METHODS,
  type RecordedPaymentMethod,
  type StaffBookingDetail,
} from '@links/shared/schemas/staff-bookings';
import { isValidDateString, londonDate, londonTime, todayInLondon } from '@links/shared/uk-time';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { PendingLabel } from '@/components/ui/form-status';
import { fieldMessages } from '@/lib/api-client';
import {
  useCancelBooking,
  useMoveDueDate,
  useMoveRound,
  useRecordPayment,
  useSendPaymentLink,
  useStaffCaddies,
  useStaffContact,
  useStaffGolferNames,
  useStaffTeeSheet,
} from '../api/staff-api';
import styles from './staff.module.css';
import {
  ChangeForm,
  type ChangeFormProps,
  MutationFailure,
  optionsOf,
  StaffForm,
  useDraft,
} from './staff-kit';
import { teeTimePrompt } from './tee-sheet-labels';

export const METHOD_LABELS: Record<RecordedPaymentMethod, string> = {
  phone: 'By phone',
  desk: 'At the desk',
  bank_transfer: 'Bank transfer',
};

const FAILED = 'Please try again in a moment.';

export { poundsToPence } from '@links/shared/schemas/due-payments';

/** What every form of the booking page takes: the booking, and where to say what its change did. */
type BookingFormProps = { booking: StaffBookingDetail; onDone: (message: string) => void };

/** The form of one change to the booking: its failure banner inside it, above the fields, with the page's fallback. */
function BookingChangeForm(props: Omit<ChangeFormProps, 'inside' | 'fallback'>) {
  return <ChangeForm inside fallback={FAILED} {...props} />;
}

/** Money taken by phone, at the desk or by bank transfer: at most what is due (the API holds the same rule). */
export function RecordPaymentForm({ booking, onDone }: BookingFormProps) {
  const number = booking.confirmation.booking_number;
  const due = booking.confirmation.totals.due;
  const record = useRecordPayment(number);
  const {
    draft: form,
    setDraft: setForm,
    setProblems,
    field,
  } = useDraft({
    amount: '',
    method: 'phone' as RecordedPaymentMethod,
    reference: '',
  });

  function submit() {
    const amount = poundsToPence(form.amount);
    const reference = form.reference.trim();
    const found = {
      ...(amount === null || amount <= 0
        ? { amount: MONEY_MESSAGES.amount }
        : amount > due
          ? { amount: MONEY_MESSAGES.tooMuch }
          : {}),
      ...(reference === '' || reference.length > 100 ? { reference: MONEY_MESSAGES.reference } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0 || amount === null) return;
    record.mutate(
      { amount, method: form.method, reference },
      {
        onSuccess: (changed) => {
          setForm({ amount: '', method: 'phone', reference: '' });
          onDone(
            `Recorded ${formatMoney(amount)} ${METHOD_LABELS[form.method].toLowerCase()}. Paid ${formatMoney(changed.paid)} of ${formatMoney(changed.payable)}.`,
          );
        },
      },
    );
  }

  return (
    <BookingChangeForm
      label="Record a payment"
      mutation={record}
      failed="The payment could not be recorded"
      busy="Recording..."
      submit="Record payment"
      onSubmit={submit}
    >
      <TextField
        label="Amount (£)"
        inputMode="decimal"
        autoComplete="off"
        hint={`Up to ${formatMoney(due)}.`}
        {...field('amount')}
      />
      <SelectField
        label="How"
        options={optionsOf(RECORDED_PAYMENT_METHODS, METHOD_LABELS)}
        {...field('method')}
      />
      <TextField
        label="Reference"
        autoComplete="off"
        hint="The card terminal's or the bank's reference."
        {...field('reference')}
      />
    </BookingChangeForm>
  );
}

/**
 * The booker pays by card online, never reading card numbers to the desk: the booking's signed link goes to them by
 * e-mail, and what is due is paid on the booking page in their own browser.
 */
export function PaymentLinkForm({ booking, onDone }: BookingFormProps) {
  const send = useSendPaymentLink(booking.confirmation.booking_number);
  function submit() {
    send.mutate(undefined, {
      onSuccess: (sent) =>
        onDone(`Payment link for ${formatMoney(sent.amount)} e-mailed to ${sent.sent_to}.`),
    });
  }
  return (
    <BookingChangeForm
      label="Pay by card online"
      layout="stack"
      mutation={send}
      failed="The payment link could not be sent"
      busy="Sending..."
      submit="E-mail a payment link"
      onSubmit={submit}
    >
      <p className={styles.note}>
        The booker gets the booking's link by e-mail and pays {formatMoney(booking.confirmation.totals.due)},
        or part of it, by card on the booking page.
      </p>
    </BookingChangeForm>
  );
}

/** A later date for the balance of a booking on terms; its reminders start again for it. */
export function DueDateForm({ booking, onDone }: BookingFormProps) {
  const move = useMoveDueDate(booking.confirmation.booking_number);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit() {
    if (!isValidDateString(date)) return setError(MONEY_MESSAGES.dueDate);
    if (date < todayInLondon()) return setError(MONEY_MESSAGES.dueDatePast);
    setError(undefined);
    move.mutate(
      { due_date: date },
      {
        onSuccess: (changed) =>
          onDone(
            `The balance is now due by ${new Date(changed.balance_due_at ?? '').toLocaleDateString('en-GB', {
              timeZone: 'Europe/London',
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}.`,
          ),
      },
    );
  }

  return (
    <BookingChangeForm
      label="Change the due date"
      mutation={move}
      failed="The due date could not be changed"
      busy="Saving..."
      submit="Set due date"
      onSubmit={submit}
    >
      <TextField
        label="Balance due by"
        type="date"
        value={date}
        error={error}
        onChange={(event) => setDate(event.target.value)}
      />
    </BookingChangeForm>
  );
}

/** Cancels a confirmed booking with a full, partial or no refund to the card; a second step confirms it. */
export function CancelBookingForm({ booking, onDone }: BookingFormProps) {
  const number = booking.confirmation.booking_number;
  const cancel = useCancelBooking(number);
  const [form, setForm] = useState({ reason: '', refund: (booking.refundable / 100).toFixed(2) });
  const [errors, setErrors] = useState<{ reason?: string; refund?: string }>({});
  const [asked, setAsked] = useState<{ reason: string; refund: number } | null>(null);

  function submit() {
    const refund = poundsToPence(form.refund);
    const reason = form.reason.trim();
    const found = {
      ...(reason === '' || reason.length > 200 ? { reason: CANCEL_MESSAGES.reason } : {}),
      ...(refund === null
        ? { refund: CANCEL_MESSAGES.refund }
        : refund > booking.refundable
          ? { refund: CANCEL_MESSAGES.tooMuch }
          : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || refund === null) return;
    setAsked({ reason, refund });
  }

  function confirm() {
    if (!asked) return;
    cancel.mutate(asked, {
      onSuccess: (done) => {
        setAsked(null);
        onDone(
          done.refund === null
            ? `Booking ${number} is cancelled; nothing was refunded. Its tee times are on sale again.`
            : done.refund.status === 'succeeded'
              ? `Booking ${number} is cancelled and ${formatMoney(done.refund.amount)} was refunded to the card. Its tee times are on sale again.`
              : `Booking ${number} is cancelled. The refund of ${formatMoney(done.refund.amount)} could not reach the card provider yet; it is retried automatically.`,
        );
      },
    });
  }

  return (
    <>
      <MutationFailure mutation={cancel} title="The booking could not be cancelled" fallback={FAILED} />
      <StaffForm
        label="Cancel this booking"
        pending={false}
        busy=""
        submit="Cancel booking"
        danger
        onSubmit={submit}
      >
        <TextField
          label="Reason"
          autoComplete="off"
          value={form.reason}
          error={errors.reason}
          onChange={(event) => {
            setAsked(null);
            setForm({ ...form, reason: event.target.value });
          }}
        />
        <TextField
          label="Refund to the card (£)"
          inputMode="decimal"
          autoComplete="off"
          hint={`Up to ${formatMoney(booking.refundable)} paid by card; 0 keeps the money.`}
          value={form.refund}
          error={errors.refund}
          onChange={(event) => {
            setAsked(null);
            setForm({ ...form, refund: event.target.value });
          }}
        />
      </StaffForm>
      {asked ? (
        <div role="alert" className={styles.actions}>
          <p>
            {`Cancel booking ${number} and ${asked.refund > 0 ? `refund ${formatMoney(asked.refund)} to the card` : 'refund nothing'}? Its tee times go back on sale at once and the golfer is told.`}
          </p>
          <Button
            onClick={confirm}
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            className={styles['danger-button']}
          >
            <PendingLabel pending={cancel.isPending} busy="Cancelling...">
              Yes, cancel the booking
            </PendingLabel>
          </Button>
          <button type="button" className={styles['table-button']} onClick={() => setAsked(null)}>
            Keep the booking
          </button>
        </div>
      ) : null}
    </>
  );
}

type Round = StaffBookingDetail['confirmation']['courses'][number];

/** Another tee time for one round: the same course and day, with room for its golfers (the API checks it again). */
export function MoveRoundForm({
  booking,
  round,
  fromSlotId,
  group = false,
  onDone,
}: BookingFormProps & {
  round: Round & { tee_time: string };
  /** The round's tee slot now: a group has several rounds on one course, and the move names which. */
  fromSlotId?: number | undefined;
  /** A group's round: its form and field name its tee time too, as the course alone names several. */
  group?: boolean;
}) {
  const number = booking.confirmation.booking_number;
  const date = londonDate(new Date(round.tee_time));
  const at = londonTime(new Date(round.tee_time));
  const sheet = useStaffTeeSheet(round.id, date);
  const move = useMoveRound(number);
  const [slotId, setSlotId] = useState('');
  const now = Date.now();
  const choices = (sheet.data?.slots ?? []).filter(
    (slot) =>
      slot.block === null &&
      Date.parse(slot.starts_at) > now &&
      slot.starts_at !== round.tee_time &&
      slot.places_left >= round.players,
  );

  function submit() {
    if (!slotId) return;
    move.mutate(
      { course_id: round.id, slot_id: Number(slotId), ...(fromSlotId ? { from_slot_id: fromSlotId } : {}) },
      {
        onSuccess: (moved) => {
          setSlotId('');
          onDone(
            `The ${round.name} round moved from ${londonTime(new Date(moved.from))} to ${londonTime(new Date(moved.to))}. The golfer has been told.`,
          );
        },
      },
    );
  }

  return (
    <BookingChangeForm
      label={group ? `Move the ${at} ${round.name} round` : `Move the ${round.name} round`}
      layout="inline"
      mutation={move}
      failed="The round could not be moved"
      busy="Moving..."
      submit="Move round"
      onSubmit={submit}
    >
      <SelectField
        label={
          group
            ? `New tee time for the ${at} round on the ${round.name}`
            : `New tee time on the ${round.name}`
        }
        placeholder={teeTimePrompt(
          sheet.isPending,
          choices.length,
          'No tee time with room that day',
          'Choose a tee time',
        )}
        options={choices.map((slot) => ({
          value: String(slot.id),
          label: `${slot.time} (${slot.places_left} of ${slot.capacity} free)`,
        }))}
        value={slotId}
        onChange={(event) => setSlotId(event.target.value)}
      />
    </BookingChangeForm>
  );
}

/** A round's caddies, also within its last 24 hours (the golfer's own page no longer may then). */
export function CaddiesForm({ booking, round, onDone }: BookingFormProps & { round: Round }) {
  const change = useStaffCaddies(booking.confirmation.booking_number);
  const [caddies, setCaddies] = useState(String(round.caddies));

  function submit() {
    change.mutate(
      { course_id: round.id, caddies: Number(caddies) },
      {
        onSuccess: (done) =>
          onDone(
            done.changed
              ? `The ${round.name} round now has ${done.caddies === 0 ? 'no caddie' : `${done.caddies} ${done.caddies === 1 ? 'caddie' : 'caddies'}`}. The golfer has been told.`
              : `The ${round.name} round already had that many caddies.`,
          ),
      },
    );
  }

  return (
    <BookingChangeForm
      label={`Caddies on the ${round.name}`}
      layout="inline"
      mutation={change}
      failed="The caddies could not be changed"
      busy="Saving..."
      submit="Set caddies"
      onSubmit={submit}
    >
      <SelectField
        label={`Caddies on the ${round.name}`}
        options={Array.from({ length: round.players + 1 }, (_, count) => ({
          value: String(count),
          label: count === 0 ? 'None' : String(count),
        }))}
        value={caddies}
        onChange={(event) => setCaddies(event.target.value)}
      />
    </BookingChangeForm>
  );
}

/** A visitor's name, e-mail and phone corrected by the desk; the API checks them by the golfer's own form rules. */
/** The golfers' names a tour operator gives, corrected by the desk at any time (also after the operator's deadline). */
export function GolferNamesForm({ booking, onDone }: BookingFormProps) {
  const save = useStaffGolferNames(booking.confirmation.booking_number);
  const golfers = booking.confirmation.golfers;
  const [names, setNames] = useState(() => golfers.map((golfer) => golfer.name ?? ''));
  function submit() {
    save.mutate(
      golfers.map((golfer, index) => ({ id: golfer.id, name: names[index] ?? '' })),
      {
        onSuccess: (done) =>
          onDone(
            done.saved === 0
              ? 'The names were already as entered.'
              : `${done.saved} ${done.saved === 1 ? 'name' : 'names'} saved.`,
          ),
      },
    );
  }
  return (
    <BookingChangeForm
      label="Golfers' names"
      mutation={save}
      failed="The names could not be saved"
      busy="Saving..."
      submit="Save names"
      small
      onSubmit={submit}
    >
      {golfers.map((golfer, index) => (
        <TextField
          key={golfer.id}
          label={`Golfer ${golfer.id} (${golfer.player_type})`}
          autoComplete="off"
          value={names[index] ?? ''}
          onChange={(event) =>
            setNames((current) => current.map((name, at) => (at === index ? event.target.value : name)))
          }
        />
      ))}
    </BookingChangeForm>
  );
}

export function ContactForm({ booking, onDone }: BookingFormProps) {
  const save = useStaffContact(booking.confirmation.booking_number);
  const [first, ...rest] = booking.contact.name
    .split(' ')
    .filter((part) => !/^(Mr|Mrs|Ms|Miss|Dr|Prof)\.?$/.test(part));
  const [form, setForm] = useState({
    first_name: first ?? '',
    surname: rest.join(' '),
    email_address: booking.contact.email,
    telephone_number: booking.contact.phone,
  });
  const errors = fieldMessages(save.error);

  function submit() {
    save.mutate(form, {
      onSuccess: (done) =>
        onDone(
          done.changed.length === 0
            ? 'The contact details were already as entered.'
            : `Contact details corrected: ${done.changed.map((field) => field.replaceAll('_', ' ')).join(', ')}.`,
        ),
    });
  }

  const field = (name: keyof typeof form, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      autoComplete="off"
      value={form[name]}
      error={errors[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
    />
  );
  return (
    <BookingChangeForm
      label="Correct the contact details"
      mutation={save}
      failed="The contact details could not be saved"
      busy="Saving..."
      submit="Save contact details"
      small
      onSubmit={submit}
    >
      {field('first_name', 'First name')}
      {field('surname', 'Surname')}
      {field('email_address', 'E-mail', 'email')}
      {field('telephone_number', 'Telephone', 'tel')}
    </BookingChangeForm>
  );
}
