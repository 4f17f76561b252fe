import {
  type StaffTeeWindow,
  type StaffTeeWindows,
  type TeeWindowChangeInput,
  type TeeWindowPreview,
  type TeeWindowRule,
  teeWindowChangeSchema,
  WEEKDAY_NAMES,
} from '@links/shared/schemas/staff-tee-windows';
import { type ChangeEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldStyles, SelectField, TextField } from '@/components/ui/form-field';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import { useChangeTeeWindows, useStaffMe, useStaffTeeWindows, useTeeWindowPreview } from '../api/staff-api';
import styles from './staff.module.css';
import { MutationFailure, optionsOf, StaffForm, StaffPage, StaffTable } from './staff-kit';
import { CheckboxGroup, dayOf, Facts, fieldProblems, Panel } from './staff-parts';
import { TableFrame } from './table-frame';
import sheet from './tee-sheet.module.css';
import { STATE_LABELS, teeTimeOf } from './tee-sheet-labels';

// /staff/tee-windows (issue 23): each course's tee windows per weekday, standing and for dates (darkness, events),
// and its interval; admins change them after a check that shows what the change makes and takes out of sale, a
// day before and after, and the bookings it leaves outside every window (kept, listed here to be moved).

type Course = StaffTeeWindows['courses'][number];

/** Monday first, as the resort's week is read. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const WINDOW_ROWS = 3;

const dateOf = (date: string) => dayOf(`${date}T12:00:00Z`);
const windowsText = (windows: readonly StaffTeeWindow[]) =>
  windows.length === 0
    ? 'No tee times'
    : windows.map((window) => `${window.start} to ${window.end}`).join(', ');
const datesText = (rule: Pick<TeeWindowRule, 'valid_from' | 'valid_to'>) =>
  rule.valid_from && rule.valid_to ? `${dateOf(rule.valid_from)} to ${dateOf(rule.valid_to)}` : 'All year';
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function StandingTable({ course }: { course: Course }) {
  const standing = (weekday: number) =>
    course.rules.find((rule) => rule.weekday === weekday && rule.valid_from === null)?.windows ?? [];
  return (
    <StaffTable
      label="Standing tee windows table"
      caption={`Standing tee windows of the ${course.name}, per day`}
      columns={['Day', 'First to last tee time']}
    >
      {WEEK.map((weekday) => (
        <tr key={weekday}>
          <th scope="row">{WEEKDAY_NAMES[weekday]}</th>
          <td>{windowsText(standing(weekday))}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

function AdjustmentsTable({ course }: { course: Course }) {
  const adjustments = course.rules.filter((rule) => rule.valid_from !== null);
  if (adjustments.length === 0) {
    return <p className={styles.count}>No adjustments: the standing windows apply every day.</p>;
  }
  return (
    <StaffTable
      label="Adjustments table"
      caption="Tee windows for dates, replacing the standing ones"
      columns={['Dates', 'Day', 'First to last tee time']}
    >
      {adjustments.map((rule) => (
        <tr key={`${rule.valid_from}-${rule.weekday}`}>
          <th scope="row">{datesText(rule)}</th>
          <td>{WEEKDAY_NAMES[rule.weekday]}</td>
          <td>{windowsText(rule.windows)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

function BookingList({ bookings }: { bookings: TeeWindowPreview['conflicts'] }) {
  return (
    <ul className={sheet['inside-list']}>
      {bookings.map((booking) => (
        <li key={`${booking.booking_number}-${booking.starts_at}`}>
          {teeTimeOf(booking.starts_at)} ·{' '}
          <Link to={`/staff/bookings/${booking.booking_number}`}>{booking.booking_number}</Link> ·{' '}
          {booking.lead_name || 'No details yet'} · {plural(booking.players, 'golfer', 'golfers')} ·{' '}
          {STATE_LABELS[booking.state]}
        </li>
      ))}
    </ul>
  );
}

type Draft = {
  weekdays: number[];
  valid_from: string;
  valid_to: string;
  windows: { start: string; end: string }[];
  interval: string;
  sample_date: string;
};

/** The windows the chosen days share for the chosen dates, to start from; empty rows when they differ. */
function currentWindows(course: Course, draft: Pick<Draft, 'weekdays' | 'valid_from' | 'valid_to'>) {
  const from = draft.valid_from || null;
  const to = draft.valid_to || null;
  const texts = draft.weekdays.map((weekday) =>
    windowsText(
      course.rules.find(
        (rule) => rule.weekday === weekday && rule.valid_from === from && rule.valid_to === to,
      )?.windows ?? [],
    ),
  );
  const first = course.rules.find(
    (rule) => rule.weekday === draft.weekdays[0] && rule.valid_from === from && rule.valid_to === to,
  );
  const shared = texts.every((text) => text === texts[0]) ? (first?.windows ?? []) : [];
  return Array.from({ length: WINDOW_ROWS }, (_, index) => shared[index] ?? { start: '', end: '' });
}

function draftFor(course: Course): Draft {
  const weekdays = [1, 2, 3, 4, 5];
  return {
    weekdays,
    valid_from: '',
    valid_to: '',
    windows: currentWindows(course, { weekdays, valid_from: '', valid_to: '' }),
    interval: String(course.interval_minutes),
    sample_date: '',
  };
}

function toChange(course: Course, draft: Draft): TeeWindowChangeInput {
  return {
    course_id: course.id,
    weekdays: draft.weekdays,
    valid_from: draft.valid_from || null,
    valid_to: draft.valid_to || null,
    windows: draft.windows.filter((window) => window.start !== '' || window.end !== ''),
    interval_minutes: Number(draft.interval),
    sample_date: draft.sample_date || null,
  };
}

/** The dates a change applies between; both empty change the standing windows. */
const DATE_RANGE = [
  { name: 'valid_from', label: 'From', hint: 'Empty with Until: the standing windows.' },
  { name: 'valid_to', label: 'Until', hint: 'Included.' },
] as const;

function ChangeForm({ course, onDone }: { course: Course; onDone: (message: string) => void }) {
  const preview = useTeeWindowPreview();
  const change = useChangeTeeWindows();
  const [draft, setDraft] = useState<Draft>(() => draftFor(course));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState<{ change: TeeWindowChangeInput; answer: TeeWindowPreview } | null>(
    null,
  );
  // Any edit voids the check: what is applied is always what was shown.
  const edit = (next: Partial<Draft>) => {
    setDraft((before) => ({ ...before, ...next }));
    setChecked(null);
  };
  const setWindow = (index: number, end: 'start' | 'end', value: string) =>
    edit({ windows: draft.windows.map((each, at) => (at === index ? { ...each, [end]: value } : each)) });
  const editDays = (next: Partial<Draft>) => {
    const merged = { ...draft, ...next };
    edit({ ...next, windows: currentWindows(course, merged) });
  };
  /** A text field of the draft with the problem the schema found in it; the days' fields go through editDays. */
  const bind = (
    name: 'valid_from' | 'valid_to' | 'interval' | 'sample_date',
    problem: string,
    then = edit,
  ) => ({
    value: draft[name],
    error: problems[problem],
    onChange: (event: ChangeEvent<HTMLInputElement>) => then({ [name]: event.target.value }),
  });

  function check() {
    const body = toChange(course, draft);
    const parsed = teeWindowChangeSchema.safeParse(body);
    if (!parsed.success) {
      setProblems(fieldProblems(parsed.error));
      return;
    }
    setProblems({});
    preview.mutate(body, { onSuccess: (answer) => setChecked({ change: body, answer }) });
  }

  function apply() {
    if (!checked) return;
    change.mutate(checked.change, {
      onSuccess: ({ applied }) => {
        const kept = applied.conflicts.length;
        onDone(
          `Tee windows of the ${course.name} changed: ${plural(applied.added, 'tee time', 'tee times')} added, ${applied.removed} taken out of sale.${
            kept > 0
              ? ` ${plural(kept, 'booking keeps its tee time', 'bookings keep their tee times')}: move them.`
              : ''
          }`,
        );
        setChecked(null);
      },
    });
  }

  const answer = checked?.answer;
  return (
    <>
      <MutationFailure
        mutation={[preview, change]}
        title="The tee windows could not be changed"
        fallback="The change could not be checked or saved. Please try again."
      />
      <StaffForm
        label="Change tee windows"
        pending={preview.isPending}
        busy="Checking..."
        submit="Check the change"
        onSubmit={check}
      >
        <CheckboxGroup
          legend="Days"
          options={optionsOf(WEEK, WEEKDAY_NAMES)}
          chosen={draft.weekdays}
          error={problems.weekdays}
          onChange={(weekdays) => editDays({ weekdays })}
        />
        {DATE_RANGE.map(({ name, label, hint }) => (
          <TextField
            key={name}
            label={label}
            type="date"
            optional
            hint={hint}
            {...bind(name, name, editDays)}
          />
        ))}
        <div className={sheet.windows}>
          {draft.windows.map((window, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed number of rows, each always in its place.
            <fieldset key={index} className={sheet.window}>
              <legend>
                Window {index + 1}
                {index > 0 ? <span className={fieldStyles.optional}> (optional)</span> : null}
              </legend>
              {(['start', 'end'] as const).map((end) => (
                <TextField
                  key={end}
                  label={end === 'start' ? 'First tee time' : 'Last tee time'}
                  type="time"
                  value={window[end]}
                  onChange={(event) => setWindow(index, end, event.target.value)}
                />
              ))}
            </fieldset>
          ))}
          {problems.windows ? <p className={fieldStyles.error}>{problems.windows}</p> : null}
        </div>
        <TextField
          label="Interval (minutes)"
          inputMode="numeric"
          autoComplete="off"
          hint="For every day of the course."
          {...bind('interval', 'interval_minutes')}
        />
        <TextField
          label="Day to show"
          type="date"
          optional
          hint="Its tee times before and after."
          {...bind('sample_date', 'sample_date')}
        />
      </StaffForm>
      {answer ? (
        <div className={sheet.preview} role="status">
          <p>
            {answer.first_day && answer.last_day
              ? `From ${dateOf(answer.first_day)} to ${dateOf(answer.last_day)} (the closing date): ${plural(answer.added, 'tee time', 'tee times')} added, ${answer.removed} taken out of sale.`
              : 'The course is closed for booking: no tee time changes.'}
          </p>
          <TableFrame label="Tee times before and after table">
            <table className={styles.table}>
              <caption className="visually-hidden">Tee times on {dateOf(answer.sample.date)}</caption>
              <thead>
                <tr>
                  <th scope="col">{dateOf(answer.sample.date)}</th>
                  <th scope="col">Tee times</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Now</th>
                  <td>{answer.sample.before.join(' ') || 'None'}</td>
                </tr>
                <tr>
                  <th scope="row">After the change</th>
                  <td>{answer.sample.after.join(' ') || 'None'}</td>
                </tr>
              </tbody>
            </table>
          </TableFrame>
          {answer.conflicts.length > 0 ? (
            <>
              <p>
                <strong>
                  {plural(
                    answer.conflicts.length,
                    'booking would be outside the tee times.',
                    'bookings would be outside the tee times.',
                  )}
                </strong>{' '}
                They keep their tee times; move each from its booking page.
              </p>
              <BookingList bookings={answer.conflicts} />
            </>
          ) : null}
          <div className={sheet.tools}>
            <Button onClick={apply} disabled={change.isPending} aria-busy={change.isPending}>
              {answer.conflicts.length > 0 ? 'Apply anyway' : 'Apply the change'}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** /staff/tee-windows: the tee windows and interval of each course; admins change them after a check. */
export function StaffTeeWindowsPage() {
  const windows = useStaffTeeWindows();
  const me = useStaffMe();
  const [picked, setPicked] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const data = windows.data;
  const course = data?.courses.find((each) => each.id === picked) ?? data?.courses[0];
  return (
    <StaffPage title="Tee windows" notice={notice}>
      {windows.isPending ? (
        <Spinner label="Loading the tee windows..." />
      ) : windows.isError || !data || !course ? (
        <Alert type="error" title="The tee windows could not be loaded">
          <p>{userMessage(windows.error, 'Please try again in a moment.')}</p>
        </Alert>
      ) : (
        <>
          <div className={styles.filters}>
            <SelectField
              label="Course"
              value={String(course.id)}
              onChange={(event) => setPicked(Number(event.target.value))}
              options={data.courses.map((each) => ({ value: String(each.id), label: each.name }))}
            />
          </div>
          <Facts
            rows={[
              { term: 'Interval', value: `Every ${course.interval_minutes} minutes` },
              {
                term: 'Closing date',
                value: (
                  <>
                    {dateOf(course.closing_date)} (<Link to="/staff/prices">changed on Prices</Link>)
                  </>
                ),
              },
            ]}
          />
          {course.outside.length > 0 ? (
            <Panel title="Bookings outside the tee times">
              <p>
                A change of windows left these outside every window. They keep their tee times, which are off
                sale; move each from its booking page.
              </p>
              <BookingList bookings={course.outside} />
            </Panel>
          ) : null}
          <Panel title="Standing windows">
            <StandingTable course={course} />
          </Panel>
          <Panel title="Adjustments">
            <p className={styles.count}>
              Windows for dates (darkness, events) replace the standing ones on those days. To close a course
              for a day, block it on the tee sheet.
            </p>
            <AdjustmentsTable course={course} />
          </Panel>
          {me.data?.role === 'admin' ? (
            <Panel title="Change tee windows">
              <ChangeForm key={course.id} course={course} onDone={setNotice} />
            </Panel>
          ) : null}
        </>
      )}
    </StaffPage>
  );
}
