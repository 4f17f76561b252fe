import { COURSE_IDS } from '@links/shared/constants';
import { formatMoney } from '@links/shared/money';
import type {
  CheckInRequest,
  CheckInStatus,
  StaffTeeSheetBooking,
  StaffTeeSheetSlot,
} from '@links/shared/schemas/staff-tee-sheet';
import { addDays, formatLongDate, isValidDateString, londonTime, todayInLondon } from '@links/shared/uk-time';
import { createContext, useContext, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import { downloadCsv } from '@/lib/csv';
import { useCheckIn, useRemoveBlock, useStaffMe, useStaffTeeSheet } from '../api/staff-api';
import { BlockPanel } from './block-panel';
import styles from './staff.module.css';
import { StateTag } from './state-tag';
import { TableFrame } from './table-frame';
import sheet from './tee-sheet.module.css';
import { teeSheetCsv, teeSheetFileName } from './tee-sheet-csv';
import { BLOCK_LABELS, blockSpan } from './tee-sheet-labels';

const CHECK_IN_WORDS: Record<CheckInStatus, string> = {
  expected: 'expected',
  arrived: 'arrived',
  no_show: 'no-show',
};

/** The course and UK date in the address (?course=1&date=2026-06-10), so a sheet can be bookmarked and shared. */
function useSheetAddress(): { courseId: number; date: string; go: (courseId: number, date: string) => void } {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const course = Number(params.get('course'));
  const date = params.get('date') ?? '';
  return {
    courseId: Number.isInteger(course) && course > 0 ? course : COURSE_IDS.championship,
    date: isValidDateString(date) ? date : todayInLondon(),
    go: (courseId, next) =>
      void navigate(`/staff/tee-sheet?course=${courseId}&date=${next}`, { replace: true }),
  };
}

/** '2 Adult, 1 Senior (65 and over)': a booking's golfers by type, in the order they were entered. */
function golferTypes(golfers: StaffTeeSheetBooking['golfers']): string {
  const counts = new Map<string, number>();
  for (const golfer of golfers) counts.set(golfer.player_type, (counts.get(golfer.player_type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${count} ${type}`).join(', ');
}

function stateNote(booking: StaffTeeSheetBooking): string | undefined {
  if (booking.state === 'held' && booking.hold_expires_at) {
    return `until ${londonTime(new Date(booking.hold_expires_at))}`;
  }
  if (booking.state === 'deposit' || booking.state === 'pay_later') {
    return `${formatMoney(booking.payable - booking.paid)} due`;
  }
  return undefined;
}

/** What the sheet's rows may do: check golfers in (from the day of play), and unblock (the desk's roles only). */
type SheetActions = {
  open: boolean;
  pending: boolean;
  mark: (request: CheckInRequest) => void;
  /** Unblocks a block (reservations and admins), or null for a role that may not. */
  unblock: ((block: NonNullable<StaffTeeSheetSlot['block']>) => void) | null;
  unblocking: boolean;
};
const SheetActionsContext = createContext<SheetActions>({
  open: false,
  pending: false,
  mark: () => {},
  unblock: null,
  unblocking: false,
});

const MARKS: { status: Exclude<CheckInStatus, 'expected'>; label: string }[] = [
  { status: 'arrived', label: 'Arrived' },
  { status: 'no_show', label: 'No-show' },
];

/** Each golfer of a confirmed round with Arrived and No-show toggles (pressed again: expected once more). */
function CheckIns({ booking }: { booking: StaffTeeSheetBooking }) {
  const { pending, mark } = useContext(SheetActionsContext);
  return (
    <ul className={sheet.golfers}>
      {booking.check_ins.map((checkIn) => {
        const golfer = booking.golfers.find((one) => one.position === checkIn.position);
        return (
          <li key={checkIn.position}>
            <span className={sheet.golfer}>
              {checkIn.position}
              {golfer?.name ? ` ${golfer.name}` : ''}
              {golfer ? ` ${golfer.name ? `(${golfer.player_type})` : golfer.player_type}` : ''}
            </span>
            {MARKS.map(({ status, label }) => {
              const pressed = checkIn.status === status;
              return (
                <button
                  key={status}
                  type="button"
                  className={`${styles['table-button']} ${sheet.mark} ${sheet[status]}`}
                  aria-pressed={pressed}
                  aria-label={`${label}: golfer ${checkIn.position} of booking ${booking.booking_number}`}
                  disabled={pending}
                  onClick={() =>
                    mark({
                      round_id: booking.round_id,
                      position: checkIn.position,
                      status: pressed ? 'expected' : status,
                    })
                  }
                >
                  {label}
                </button>
              );
            })}
          </li>
        );
      })}
    </ul>
  );
}

function BookingCells({ booking }: { booking: StaffTeeSheetBooking }) {
  const { open, unblock } = useContext(SheetActionsContext);
  // The booking page is the reservations desk's (and admins'): the roles that may also unblock.
  const canOpen = unblock !== null;
  return (
    <>
      <td>
        <StateTag state={booking.state} note={stateNote(booking)} />
      </td>
      <td className={sheet.number}>
        {canOpen ? (
          <Link to={`/staff/bookings/${booking.booking_number}`}>{booking.booking_number}</Link>
        ) : (
          booking.booking_number
        )}
      </td>
      <td>{booking.lead_name || <span className={sheet.muted}>No details yet</span>}</td>
      <td>
        {open && booking.check_ins.length > 0 ? (
          <CheckIns booking={booking} />
        ) : (
          <>
            {booking.players}
            {booking.golfers.length > 0 ? (
              <span className={sheet.types}>{golferTypes(booking.golfers)}</span>
            ) : null}
          </>
        )}
      </td>
      <td>{booking.operator ?? '—'}</td>
      <td>{booking.caddies > 0 ? booking.caddies : '—'}</td>
      <td>{booking.notes ?? ''}</td>
    </>
  );
}

const BOOKING_COLUMNS = 7;

/** One tee time as a row group: its time and places once, then a row per booking (or its free or blocked state). */
function SlotRows({ slot, firstOfBlock }: { slot: StaffTeeSheetSlot; firstOfBlock: boolean }) {
  const { unblock, unblocking } = useContext(SheetActionsContext);
  const rows = slot.bookings.length + (slot.block || slot.bookings.length === 0 ? 1 : 0);
  const head = (
    <>
      <th scope="rowgroup" rowSpan={rows} className={sheet.time}>
        {slot.time}
        {slot.outside_windows ? <span className={sheet.types}>Outside tee times: move</span> : null}
      </th>
      <td rowSpan={rows} className={`${sheet.places} ${slot.places_left === 0 ? sheet.full : ''}`}>
        {slot.places_left === 0 ? 'Full' : `${slot.places_left} of ${slot.capacity}`}
      </td>
    </>
  );
  const [first, ...rest] = slot.bookings;
  return (
    <tbody className={slot.block ? sheet['blocked-row'] : undefined}>
      {slot.block ? (
        <tr>
          {head}
          <td>
            <StateTag state="blocked" />
          </td>
          <td colSpan={BOOKING_COLUMNS - 1}>
            <span className={sheet['block-text']}>
              {BLOCK_LABELS[slot.block.reason]}
              {slot.block.note ? `: ${slot.block.note}` : ''}
              {firstOfBlock ? <span className={sheet.types}>{blockSpan(slot.block)}</span> : null}
              {slot.bookings.length > 0 ? ' (bookings below keep their places)' : ''}
            </span>
            {firstOfBlock && unblock ? (
              <button
                type="button"
                className={`${styles['table-button']} ${sheet.unblock}`}
                disabled={unblocking}
                onClick={() => unblock(slot.block!)}
              >
                Unblock<span className="visually-hidden"> {blockSpan(slot.block)}</span>
              </button>
            ) : null}
          </td>
        </tr>
      ) : first ? null : (
        <tr>
          {head}
          <td>
            <StateTag state="free" />
          </td>
          <td colSpan={BOOKING_COLUMNS - 1} />
        </tr>
      )}
      {first ? (
        <tr>
          {slot.block ? null : head}
          <BookingCells booking={first} />
        </tr>
      ) : null}
      {rest.map((booking) => (
        <tr key={booking.booking_number}>
          <BookingCells booking={booking} />
        </tr>
      ))}
    </tbody>
  );
}

/** Every role: one course's day, each tee time with its block and the bookings on it, refreshed as it changes. */
export function StaffTeeSheet() {
  const { courseId, date, go } = useSheetAddress();
  const id = useId();
  const teeSheet = useStaffTeeSheet(courseId, date);
  const me = useStaffMe();
  const canBlock = me.data?.role === 'admin' || me.data?.role === 'reservations';
  const [blocking, setBlocking] = useState(false);
  // The last change made here, announced where staff are looking (a polite live region by the sheet).
  const [message, setMessage] = useState('');
  const failed = (error: unknown, fallback: string) => setMessage(userMessage(error, fallback));
  const checkIn = useCheckIn();
  const removeBlock = useRemoveBlock();
  const actions: SheetActions = {
    // Golfers check in from the day of their round (the API holds the same rule).
    open: date <= todayInLondon(),
    pending: checkIn.isPending,
    mark: (request) =>
      checkIn.mutate(request, {
        onSuccess: (done) =>
          setMessage(
            `Golfer ${done.position} of booking ${done.booking_number}: ${CHECK_IN_WORDS[done.status]}.`,
          ),
        onError: (error) => failed(error, 'The check-in could not be saved. Please try again.'),
      }),
    unblock: canBlock
      ? (block) =>
          removeBlock.mutate(block.id, {
            onSuccess: (removed) =>
              setMessage(`Unblocked ${blockSpan(removed)}: the tee times are on sale again.`),
            onError: (error) => failed(error, 'The block could not be removed. Please try again.'),
          })
      : null,
    unblocking: removeBlock.isPending,
  };
  // The course list arrives with each sheet; the picker keeps the last one while the next sheet loads.
  const courses = useRef<{ id: number; name: string }[]>([]);
  if (teeSheet.data) courses.current = teeSheet.data.courses;
  const data = teeSheet.data;
  const courseName = courses.current.find((course) => course.id === courseId)?.name;

  return (
    <div className={styles.page}>
      <div className={sheet.head}>
        <h1>Tee sheet</h1>
        <p className={sheet.day}>
          {courseName ? `${courseName}, ` : ''}
          {formatLongDate(date)}
        </p>
      </div>
      <fieldset className={`${styles.filters} ${sheet.pickers}`}>
        <legend className="visually-hidden">Which sheet</legend>
        <label htmlFor={`${id}-course`}>
          Course
          <select
            id={`${id}-course`}
            value={courseId}
            onChange={(event) => go(Number(event.target.value), date)}
          >
            {courses.current.length === 0 ? <option value={courseId}>Loading...</option> : null}
            {courses.current.map((course) => (
              <option key={course.id} value={course.id}>
                {course.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-date`}>
          Date
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(event) => {
              if (isValidDateString(event.target.value)) go(courseId, event.target.value);
            }}
          />
        </label>
        <Button size="sm" variant="secondary" onClick={() => go(courseId, addDays(date, -1))}>
          Previous day
        </Button>
        <Button size="sm" variant="secondary" onClick={() => go(courseId, todayInLondon())}>
          Today
        </Button>
        <Button size="sm" variant="secondary" onClick={() => go(courseId, addDays(date, 1))}>
          Next day
        </Button>
      </fieldset>
      <p role="status" className={sheet.message}>
        {message}
      </p>
      {blocking && canBlock ? (
        <BlockPanel
          key={`${courseId}-${date}`}
          courseId={courseId}
          courseName={courseName ?? 'course'}
          date={date}
          onDone={setMessage}
          onClose={() => setBlocking(false)}
        />
      ) : null}
      {teeSheet.isPending ? (
        <Spinner label="Loading the tee sheet..." />
      ) : teeSheet.isError && !data ? (
        <Alert type="error" title="The tee sheet could not be loaded">
          <p>{userMessage(teeSheet.error, 'Please try again in a moment.')}</p>
        </Alert>
      ) : data ? (
        <>
          <div className={sheet.tools}>
            {canBlock && !blocking ? (
              <Button size="sm" variant="secondary" onClick={() => setBlocking(true)}>
                Block tee times
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => downloadCsv(teeSheetFileName(data), teeSheetCsv(data))}
            >
              Download CSV
            </Button>
          </div>
          <ul className={sheet.totals} aria-label="The day in numbers">
            <li>
              <strong>{data.totals.slots}</strong> tee times
            </li>
            <li>
              <strong>{data.totals.bookings}</strong> {data.totals.bookings === 1 ? 'booking' : 'bookings'}
            </li>
            <li>
              <strong>{data.totals.golfers}</strong> {data.totals.golfers === 1 ? 'golfer' : 'golfers'}
            </li>
            <li>
              <strong>{data.totals.blocked}</strong> blocked
            </li>
            {actions.open ? (
              <>
                <li>
                  <strong>{data.totals.arrived}</strong> arrived
                </li>
                <li>
                  <strong>{data.totals.no_show}</strong> {data.totals.no_show === 1 ? 'no-show' : 'no-shows'}
                </li>
              </>
            ) : null}
          </ul>

          {teeSheet.isError ? (
            <p role="status" className={sheet.refreshed}>
              Could not refresh; showing the sheet as it was at {londonTime(new Date(teeSheet.dataUpdatedAt))}
              .
            </p>
          ) : null}
          {data.slots.length === 0 ? (
            <p className={styles.count}>No tee times on this day.</p>
          ) : (
            <TableFrame label="Tee times">
              <table className={`${styles.table} ${sheet.sheet}`}>
                <caption className="visually-hidden">
                  Tee sheet for {data.course.name}, {formatLongDate(data.date)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Places</th>
                    <th scope="col">State</th>
                    <th scope="col">Booking</th>
                    <th scope="col">Lead golfer</th>
                    <th scope="col">Golfers</th>
                    <th scope="col">Operator</th>
                    <th scope="col">Caddies</th>
                    <th scope="col">Notes</th>
                  </tr>
                </thead>
                <SheetActionsContext.Provider value={actions}>
                  {data.slots.map((slot, index) => (
                    <SlotRows
                      key={slot.id}
                      slot={slot}
                      firstOfBlock={slot.block !== null && data.slots[index - 1]?.block?.id !== slot.block.id}
                    />
                  ))}
                </SheetActionsContext.Provider>
              </table>
            </TableFrame>
          )}
        </>
      ) : null}
    </div>
  );
}
