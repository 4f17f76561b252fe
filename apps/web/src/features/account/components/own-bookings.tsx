import { formatMoney } from '@links/shared/money';
import type {
  OperatorBooking,
  OperatorBookingStatus,
  OperatorBookingsQueryInput,
} from '@links/shared/schemas/operator-bookings';
import { formatSummaryTeeTime, londonDate } from '@links/shared/uk-time';
import { type ChangeEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { csvText, downloadCsv } from '@/lib/csv';
import { useOwnBookings } from '../api/get-own-bookings';
import styles from './own-bookings.module.css';

// "My bookings" (issue 24): a tour operator's own bookings, still to play first or played on request, filtered by
// the first day of play and status, with what each costs, what is paid, what is due and by when; as a CSV file too.

const STATUS_LABELS: Record<OperatorBookingStatus, string> = {
  confirmed: 'Confirmed',
  held: 'Being booked',
  cancelled: 'Cancelled',
};

const TERMS: Record<NonNullable<OperatorBooking['payment_terms']>, string> = {
  online: 'Paid by card',
  deposit: 'Deposit',
  offline: 'Pay later',
};

const DUE_DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium' });
const dueDay = (iso: string | null) => (iso ? DUE_DAY.format(new Date(iso)) : '');

function bookingsCsv(bookings: OperatorBooking[]): string {
  return csvText([
    ['Booking', 'Status', 'Rounds', 'Golfers', 'Terms', 'Total', 'Paid', 'Due', 'Due by'],
    ...bookings.map((booking) => [
      booking.booking_number,
      STATUS_LABELS[booking.status],
      booking.rounds
        .map((round) => `${round.course} ${formatSummaryTeeTime(new Date(round.tee_time))}`)
        .join('; '),
      booking.golfers,
      booking.payment_terms ? TERMS[booking.payment_terms] : '',
      formatMoney(booking.total),
      formatMoney(booking.paid),
      formatMoney(booking.due),
      booking.due_at ? londonDate(new Date(booking.due_at)) : '',
    ]),
  ]);
}

type Filter = { from: string; to: string; status: '' | OperatorBookingStatus };
const NO_FILTER: Filter = { from: '', to: '', status: '' };
const DATE_FILTERS = [
  ['from', 'First round from'],
  ['to', 'until'],
] as const;

const COLUMNS = ['Booking', 'Tee times', 'Golfers', 'Status', 'Terms', 'Total', 'Paid', 'Due'];

export function OwnBookings() {
  const id = useId();
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [form, setForm] = useState<Filter>(NO_FILTER);
  const [applied, setApplied] = useState<Filter>(NO_FILTER);
  const query: OperatorBookingsQueryInput = {
    when,
    ...(applied.from ? { from: applied.from } : {}),
    ...(applied.to ? { to: applied.to } : {}),
    ...(applied.status ? { status: applied.status } : {}),
  };
  const bookings = useOwnBookings(query);
  const change = (key: keyof Filter) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [key]: event.target.value });
  return (
    <div className={styles.panel}>
      <search>
        <form
          className={styles.filters}
          aria-label="Filter bookings"
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(form);
          }}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: a two-way switch of pressed buttons, not a field set. */}
          <div className={styles.switch} role="group" aria-label="Which bookings">
            <button type="button" aria-pressed={when === 'upcoming'} onClick={() => setWhen('upcoming')}>
              Upcoming
            </button>
            <button type="button" aria-pressed={when === 'past'} onClick={() => setWhen('past')}>
              Played
            </button>
          </div>
          {DATE_FILTERS.map(([key, label]) => (
            <label key={key} htmlFor={`${id}-${key}`}>
              {label}
              <input id={`${id}-${key}`} type="date" value={form[key]} onChange={change(key)} />
            </label>
          ))}
          <label htmlFor={`${id}-status`}>
            Status
            <select id={`${id}-status`} value={form.status} onChange={change('status')}>
              <option value="">Any</option>
              {Object.entries(STATUS_LABELS).map(([status, label]) => (
                <option key={status} value={status}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm" variant="secondary">
            Show
          </Button>
        </form>
      </search>
      <BookingsResults bookings={bookings} when={when} />
    </div>
  );
}

/** The list's state: loading, failed, empty, or the table of bookings and its CSV download. */
function BookingsResults({
  bookings,
  when,
}: {
  bookings: ReturnType<typeof useOwnBookings>;
  when: 'upcoming' | 'past';
}) {
  if (bookings.isPending) return <Spinner label="Loading your bookings..." />;
  if (bookings.isError) {
    return (
      <Alert type="error" title="Your bookings could not be loaded">
        <p>{userMessage(bookings.error, 'Please try again in a moment.')}</p>
      </Alert>
    );
  }
  const list = bookings.data.bookings;
  if (list.length === 0) {
    return (
      <p role="status">{when === 'upcoming' ? 'No upcoming bookings match.' : 'No played bookings match.'}</p>
    );
  }
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways on a phone, by keyboard too. */}
      <section className={styles['table-frame']} aria-label="Bookings table" tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">
            {when === 'upcoming'
              ? 'Your upcoming bookings, soonest first'
              : 'Your played bookings, latest first'}
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((booking) => (
              <BookingRow key={booking.booking_number} booking={booking} />
            ))}
          </tbody>
        </table>
      </section>
      <div className={styles.foot}>
        <p role="status">
          {`${list.length} ${list.length === 1 ? 'booking' : 'bookings'}`}
          {bookings.data.truncated ? ' shown; narrow the dates to see the rest.' : ''}
        </p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => downloadCsv(`bookings-${when}-${londonDate(new Date())}.csv`, bookingsCsv(list))}
        >
          Download CSV
        </Button>
      </div>
    </>
  );
}

/** One booking: its number (a link to its page), its rounds, golfers, status, terms and money. */
function BookingRow({ booking }: { booking: OperatorBooking }) {
  return (
    <tr>
      <th scope="row">
        <Link to={paths.bookingConfirmation.getHref(booking.booking_number)}>{booking.booking_number}</Link>
      </th>
      <td>
        <ul className={styles.rounds}>
          {booking.rounds.map((round) => (
            <li key={round.tee_time + round.course}>
              {`${round.course}, ${formatSummaryTeeTime(new Date(round.tee_time))}`}
            </li>
          ))}
        </ul>
      </td>
      <td>{booking.golfers}</td>
      <td>{STATUS_LABELS[booking.status]}</td>
      <td>{booking.payment_terms ? TERMS[booking.payment_terms] : '—'}</td>
      <td className={styles.money}>{formatMoney(booking.total)}</td>
      <td className={styles.money}>{formatMoney(booking.paid)}</td>
      <td className={styles.money}>
        {booking.due > 0 ? (
          <span className={styles.due}>{`${formatMoney(booking.due)} by ${dueDay(booking.due_at)}`}</span>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
