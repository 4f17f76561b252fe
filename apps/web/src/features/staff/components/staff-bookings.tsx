import { formatMoney } from '@links/shared/money';
import type { StaffBookingSearchQueryInput } from '@links/shared/schemas/staff-bookings';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import { useStaffBookingSearch } from '../api/staff-api';
import styles from './staff.module.css';
import {
  DataTable,
  FilterField,
  FilterForm,
  Options,
  Pager,
  pageCount,
  StaffPage,
  useDraft,
} from './staff-kit';
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
  const { draft: form, control } = useDraft({
    q: query.q ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
    status: query.status ?? '',
  });
  const found = useStaffBookingSearch(query);

  function submit() {
    go({
      ...form,
      q: form.q.trim(),
      status: (form.status || undefined) as StaffBookingSearchQueryInput['status'],
    });
  }

  const data = found.data;
  const page = Number(query.page ?? 1);
  const pages = pageCount(data);
  return (
    <StaffPage title="Bookings" head={<Link to="/staff/bookings/new">Book for a caller</Link>}>
      <search>
        <FilterForm label="Find bookings" submit="Find" onApply={submit}>
          <FilterField
            label="Number, name, e-mail, phone or operator"
            id={`${id}-q`}
            type="search"
            className={sheet['search-input']}
            {...control('q')}
          />
          <FilterField label="Playing from" id={`${id}-from`} type="date" {...control('from')} />
          <FilterField label="Playing until" id={`${id}-to`} type="date" {...control('to')} />
          <FilterField label="Status" id={`${id}-status`} {...control('status')}>
            <Options options={STATUS_CHOICES} />
          </FilterField>
        </FilterForm>
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
              <DataTable
                caption="Bookings found"
                columns={[
                  'Booking',
                  'State',
                  'Lead golfer',
                  'First tee time',
                  'Courses',
                  'Golfers',
                  'Paid',
                  'Contact',
                  'Operator',
                ]}
              >
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
              </DataTable>
            </div>
          ) : null}
          {pages > 1 ? (
            <Pager
              label="Result pages"
              page={page}
              pages={pages}
              onPage={(next) => go({ ...query, page: String(next) })}
            />
          ) : null}
        </>
      ) : null}
    </StaffPage>
  );
}
