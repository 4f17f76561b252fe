import { formatMoney } from '@links/shared/money';
import type { StaffBookingSearchQueryInput } from '@links/shared/schemas/staff-bookings';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import { useStaffBookingSearch } from '../api/staff-api';
import styles from './staff.module.css';
import { StateTag } from './state-tag';
import sheet from './tee-sheet.module.css';
import { teeTimeOf } from './tee-sheet-labels';

const FIELDS = ['q', 'from', 'to', 'status', 'page'] as const;

/** The search in the address (?q=ada&from=2026-06-01), so the browser's Back returns to the same results. */
function useSearchAddress(): {
  query: StaffBookingSearchQueryInput;
  go: (query: StaffBookingSearchQueryInput) => void;
} {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value) query[field] = value;
  }
  return {
    query: query as StaffBookingSearchQueryInput,
    go: (next) => {
      const out = new URLSearchParams();
      for (const field of FIELDS) {
        const value = next[field];
        if (value) out.set(field, String(value));
      }
      void navigate(`/staff/bookings${out.size > 0 ? `?${out}` : ''}`);
    },
  };
}

const STATUS_CHOICES: { value: string; label: string }[] = [
  { value: '', label: 'Any (not abandoned holds)' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'held', label: 'Held' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Abandoned holds' },
];

/** Reservations and admins: find a booking by number, name, e-mail, phone, operator and dates of play. */
export function StaffBookings() {
  const id = useId();
  const { query, go } = useSearchAddress();
  const [form, setForm] = useState({
    q: query.q ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
    status: query.status ?? '',
  });
  const found = useStaffBookingSearch(query);

  function submit(event: FormEvent) {
    event.preventDefault();
    go({
      ...form,
      q: form.q.trim(),
      status: (form.status || undefined) as StaffBookingSearchQueryInput['status'],
    });
  }

  const data = found.data;
  const page = Number(query.page ?? 1);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <div className={styles.page}>
      <div className={styles['page-head']}>
        <h1>Bookings</h1>
        <Link to="/staff/bookings/new">Book for a caller</Link>
      </div>
      <search>
        <form className={styles.filters} onSubmit={submit} aria-label="Find bookings">
          <label htmlFor={`${id}-q`}>
            Number, name, e-mail, phone or operator
            <input
              id={`${id}-q`}
              type="search"
              className={sheet['search-input']}
              value={form.q}
              onChange={(event) => setForm({ ...form, q: event.target.value })}
            />
          </label>
          <label htmlFor={`${id}-from`}>
            Playing from
            <input
              id={`${id}-from`}
              type="date"
              value={form.from}
              onChange={(event) => setForm({ ...form, from: event.target.value })}
            />
          </label>
          <label htmlFor={`${id}-to`}>
            Playing until
            <input
              id={`${id}-to`}
              type="date"
              value={form.to}
              onChange={(event) => setForm({ ...form, to: event.target.value })}
            />
          </label>
          <label htmlFor={`${id}-status`}>
            Status
            <select
              id={`${id}-status`}
              value={form.status}
              onChange={(event) => setForm({ ...form, status: event.target.value as typeof form.status })}
            >
              {STATUS_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm">
            Find
          </Button>
        </form>
      </search>
      {found.isPending ? (
        <Spinner label="Finding bookings..." />
      ) : found.isError ? (
        <Alert type="error" title="The bookings could not be found">
          <p>{userMessage(found.error, 'Please check the search and try again.')}</p>
        </Alert>
      ) : data ? (
        <>
          <p role="status" className={styles.count}>
            {found.isPlaceholderData
              ? 'Finding bookings...'
              : data.total === 0
                ? 'No booking matches.'
                : `${data.total} ${data.total === 1 ? 'booking' : 'bookings'}, page ${data.page} of ${pages}`}
          </p>
          {data.bookings.length > 0 ? (
            // The last search's rows stay while a new one loads, dimmed and not clickable: a click on them would open
            // a booking the new search does not find.
            <div
              className={`${styles['table-wrap']} ${found.isPlaceholderData ? styles.stale : ''}`}
              aria-busy={found.isPlaceholderData || undefined}
            >
              <table className={styles.table}>
                <caption className="visually-hidden">Bookings found</caption>
                <thead>
                  <tr>
                    <th scope="col">Booking</th>
                    <th scope="col">State</th>
                    <th scope="col">Lead golfer</th>
                    <th scope="col">First tee time</th>
                    <th scope="col">Courses</th>
                    <th scope="col">Golfers</th>
                    <th scope="col">Paid</th>
                    <th scope="col">Contact</th>
                    <th scope="col">Operator</th>
                  </tr>
                </thead>
                <tbody>
                  {data.bookings.map((booking) => (
                    <tr key={booking.booking_number}>
                      <th scope="row" className={sheet.number}>
                        <Link to={`/staff/bookings/${booking.booking_number}`}>{booking.booking_number}</Link>
                      </th>
                      <td>
                        <StateTag state={booking.state} />
                      </td>
                      <td>{booking.lead_name || <span className={sheet.muted}>No details yet</span>}</td>
                      <td className={styles.nowrap}>
                        {booking.first_tee_time ? teeTimeOf(booking.first_tee_time) : '—'}
                      </td>
                      <td>{booking.courses.join(', ')}</td>
                      <td>{booking.players}</td>
                      <td className={styles.nowrap}>
                        {formatMoney(booking.paid)} of {formatMoney(booking.payable)}
                      </td>
                      <td>
                        {booking.email}
                        {booking.phone ? <span className={sheet.types}>{booking.phone}</span> : null}
                      </td>
                      <td>{booking.operator ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {pages > 1 ? (
            <nav className={styles.pager} aria-label="Result pages">
              <Button
                size="sm"
                variant="secondary"
                disabled={page <= 1}
                onClick={() => go({ ...query, page: String(page - 1) })}
              >
                Newer
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={page >= pages}
                onClick={() => go({ ...query, page: String(page + 1) })}
              >
                Older
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
