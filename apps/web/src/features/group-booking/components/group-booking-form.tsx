import { DEFAULT_PLAYER_TYPE_ID, DIARY_SLOT_TYPE, UNDER_16_PLAYER_TYPE_ID } from '@links/shared/constants';
import { groupShares, MAX_GROUP_GOLFERS, MIN_GROUP_GOLFERS } from '@links/shared/groups';
import { formatMoney } from '@links/shared/money';
import type { PricedBooking } from '@links/shared/pricing';
import type { SavedBooking } from '@links/shared/schemas/bookings';
import { addDays, todayInLondon } from '@links/shared/uk-time';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FieldGrid, SelectField, TextField } from '@/components/ui/form-field';
import { MutationFailureAlert, SubmitButton } from '@/components/ui/form-status';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import { useCourses } from '@/features/courses/api/get-courses';
import { usePlayerTypes } from '@/features/golfers/api/get-player-types';
import { api, type MessageRule, NO_ANSWER } from '@/lib/api-client';
import {
  type DiaryDay,
  describeStart,
  type GroupRequest,
  groupBookingBody,
  groupBookingState,
  groupStarts,
} from '../group-booking';
import styles from './group-booking-form.module.css';

const HOLD_FALLBACK =
  'Your group could not be held. Please try again. If the problem persists, please contact us quoting ERR-01.';
/** A 404 means the held group is gone: the fallback, as for no answer at all (step 1's rule). */
const HOLD_RULE: MessageRule = { ignoreStatuses: [NO_ANSWER, 404] };

const COUNT_MESSAGE = `A group is ${MIN_GROUP_GOLFERS} to ${MAX_GROUP_GOLFERS} golfers in all.`;

const wholeNumber = (text: string) => (/^\d{1,2}$/.test(text.trim()) ? Number(text) : Number.NaN);

/**
 * A tour operator's group of 5 to 16 golfers (issue 24): a course, a day, how many adults and juniors, and the first
 * of the consecutive tee times it takes. Holding it works like step 1's Continue (the same hold and countdown), and
 * steps 2 and 3 follow; a group held already is changed here in place (Back from step 2 comes here).
 */
export function GroupBookingForm() {
  const id = useId();
  const navigate = useNavigate();
  const { state, dispatch } = useBooking();
  const courses = useCourses();
  const playerTypes = usePlayerTypes();
  const held = state.booking.id !== null && state.golfers.length >= MIN_GROUP_GOLFERS ? state : null;
  const heldCourse = held?.courses[0];
  const [courseId, setCourseId] = useState(heldCourse ? String(heldCourse.id) : '');
  const [date, setDate] = useState(heldCourse?.playDate ?? '');
  const [adults, setAdults] = useState(
    held
      ? String(held.golfers.filter((golfer) => golfer.playerTypeId !== UNDER_16_PLAYER_TYPE_ID).length)
      : '',
  );
  const [juniors, setJuniors] = useState(
    held
      ? String(held.golfers.filter((golfer) => golfer.playerTypeId === UNDER_16_PLAYER_TYPE_ID).length)
      : '0',
  );
  const [caddies, setCaddies] = useState(held ? String(heldCourse?.caddies ?? 0) : '0');
  const [notes, setNotes] = useState(held?.notes ?? '');
  const [startId, setStartId] = useState(heldCourse?.teeTime ? String(heldCourse.teeTime.id) : '');
  const [tried, setTried] = useState(false);

  const course = courses.data?.find((each) => String(each.id) === courseId);
  const adultCount = wholeNumber(adults);
  const juniorCount = wholeNumber(juniors);
  const golfers = adultCount + juniorCount;
  const countOk = Number.isInteger(golfers) && golfers >= MIN_GROUP_GOLFERS && golfers <= MAX_GROUP_GOLFERS;
  const caddieCount = wholeNumber(caddies);
  const caddiesOk = Number.isInteger(caddieCount) && caddieCount >= 0 && (!countOk || caddieCount <= golfers);
  const today = todayInLondon();
  const firstDay = addDays(today, 1);
  const dateOk =
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    date >= firstDay &&
    (!course?.closing_date || date <= course.closing_date);

  // The day's tee sheet and prices are asked for here, not through step 1's hooks: sharing those modules with this
  // chunk would split them into chunks of their own, each named again in `/`'s entry.
  const diary = useQuery({
    queryKey: ['group-diary', course?.id, date, held?.booking.id ?? null],
    queryFn: () =>
      api.get<DiaryDay>(`/courses/${course?.id}/diary`, {
        query: {
          start_date: date,
          slot_type: DIARY_SLOT_TYPE,
          filter_today: 1,
          current_booking_id: held?.booking.id ?? undefined,
        },
      }),
    enabled: Boolean(course) && dateOk && countOk,
    staleTime: 0,
  });
  const starts = diary.data ? groupStarts(diary.data, golfers, new Date(), held?.booking.id ?? null) : [];
  const start = starts.find((each) => String(each.slot.id) === startId);

  // One golfer of each type is priced: every golfer of a type pays the same on one course and day.
  const typesInGroup = [
    ...(adultCount > 0 ? [DEFAULT_PLAYER_TYPE_ID] : []),
    ...(juniorCount > 0 ? [UNDER_16_PLAYER_TYPE_ID] : []),
  ];
  const priceKey =
    course && dateOk && countOk
      ? JSON.stringify({
          golfers: typesInGroup.map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
          courses: [{ id: course.id, teeTime: { date } }],
        })
      : null;
  const prices = useQuery({
    queryKey: ['group-prices', priceKey],
    queryFn: () => api.post<PricedBooking>('/tickets/prices', JSON.parse(priceKey as string)),
    enabled: priceKey !== null,
    staleTime: 5 * 60_000,
  });
  const priceOf = (playerTypeId: number) =>
    prices.data?.golfers[typesInGroup.indexOf(playerTypeId)]?.total_price ?? 0;
  const total = prices.data
    ? (adultCount > 0 ? adultCount * priceOf(DEFAULT_PLAYER_TYPE_ID) : 0) +
      (juniorCount > 0 ? juniorCount * priceOf(UNDER_16_PLAYER_TYPE_ID) : 0)
    : null;

  const hold = useMutation({
    mutationFn: (request: GroupRequest) => {
      const body = groupBookingBody(request);
      return held
        ? api.patch<SavedBooking>(`/bookings/${held.booking.id}`, body)
        : api.post<SavedBooking>('/bookings', body);
    },
    onSuccess: (saved, request) => {
      dispatch({ type: 'booking/replace', state: groupBookingState(state, request, saved) });
      navigate(paths.contactDetails.getHref());
    },
  });

  const errors = {
    course: course ? undefined : 'Please choose a course.',
    date: dateOk
      ? undefined
      : `Please choose a date from tomorrow${course?.closing_date ? ` to ${course.closing_date}` : ''}.`,
    count: countOk ? undefined : COUNT_MESSAGE,
    caddies: caddiesOk ? undefined : 'Please choose at most one caddie per golfer.',
    start: start ? undefined : 'Please choose the first tee time.',
  };
  const shown = (message: string | undefined) => (tried ? message : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!course || !start || Object.values(errors).some(Boolean)) return;
    hold.mutate({
      course,
      date,
      playerTypeIds: [
        ...Array.from({ length: adultCount }, () => DEFAULT_PLAYER_TYPE_ID),
        ...Array.from({ length: juniorCount }, () => UNDER_16_PLAYER_TYPE_ID),
      ],
      firstSlotId: start.slot.id,
      caddies: caddieCount,
      notes: notes.trim(),
    });
  }

  if (courses.isPending || playerTypes.isPending) return <Spinner label="Loading the courses..." />;
  const typeName = (typeId: number, fallback: string) =>
    playerTypes.data?.find((type) => type.id === typeId)?.name ?? fallback;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Book a group">
      <MutationFailureAlert
        mutation={hold}
        title="Your group could not be held"
        fallback={HOLD_FALLBACK}
        rule={HOLD_RULE}
      />
      <FieldGrid>
        <SelectField
          label="Course"
          value={courseId}
          placeholder="Choose a course"
          options={(courses.data ?? []).map((each) => ({ value: String(each.id), label: each.name }))}
          error={shown(errors.course)}
          onChange={(event) => {
            setCourseId(event.target.value);
            setStartId('');
          }}
        />
        <TextField
          label="Date of play"
          type="date"
          min={firstDay}
          max={course?.closing_date ?? undefined}
          value={date}
          error={shown(errors.date)}
          onChange={(event) => {
            setDate(event.target.value);
            setStartId('');
          }}
        />
        <CountField
          label={`${typeName(DEFAULT_PLAYER_TYPE_ID, 'Adult')} golfers`}
          value={adults}
          error={shown(errors.count)}
          hint={COUNT_MESSAGE}
          onChange={(value) => {
            setAdults(value);
            setStartId('');
          }}
        />
        <CountField
          label={`${typeName(UNDER_16_PLAYER_TYPE_ID, 'Under 16')} golfers`}
          value={juniors}
          onChange={(value) => {
            setJuniors(value);
            setStartId('');
          }}
        />
        <CountField
          label="Caddies"
          value={caddies}
          error={shown(errors.caddies)}
          hint="Paid in cash on the day, at most one per golfer."
          onChange={setCaddies}
        />
      </FieldGrid>

      <fieldset className={styles.times} aria-describedby={`${id}-times-note`}>
        <legend className={styles.legend}>First tee time</legend>
        <p id={`${id}-times-note`} className={styles.note}>
          {countOk
            ? `The group plays ${groupShares(golfers).length} consecutive tee times: ${groupShares(golfers).join(' + ')} golfers.`
            : 'The group plays consecutive tee times, at most four golfers on each.'}
        </p>
        <TeeTimeChoices
          name={`${id}-start`}
          ready={Boolean(course) && dateOk && countOk}
          loading={diary.isPending || diary.isFetching}
          failed={diary.isError}
          starts={starts}
          golfers={golfers}
          value={startId}
          onChange={setStartId}
        />
        {shown(errors.start) && course && dateOk && countOk ? (
          <p className={styles.error} role="alert">
            {errors.start}
          </p>
        ) : null}
      </fieldset>

      <label className={styles.notes}>
        <span className={styles.legend}>Additional notes</span>
        <textarea
          className={styles.textarea}
          value={notes}
          maxLength={2000}
          rows={3}
          onChange={(event) => setNotes(event.target.value)}
        />
      </label>

      <div className={styles.footer}>
        <p className={styles.total} aria-live="polite">
          {total === null ? (
            'Choose the course, date and golfers to see the price.'
          ) : (
            <>
              Total Payable <strong>{formatMoney(total)}</strong> for {golfers} golfers
            </>
          )}
        </p>
        <SubmitButton pending={hold.isPending} busy="Holding the tee times...">
          {held ? 'Update the group' : 'Hold these tee times'}
        </SubmitButton>
      </div>
    </form>
  );
}

/** A count from 0 to 16, typed or stepped (golfers of a type, caddies). */
function CountField({
  onChange,
  ...field
}: {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_GROUP_GOLFERS}
      onChange={(event) => onChange(event.target.value)}
      {...field}
    />
  );
}

function TeeTimeChoices({
  name,
  ready,
  loading,
  failed,
  starts,
  golfers,
  value,
  onChange,
}: {
  name: string;
  ready: boolean;
  loading: boolean;
  failed: boolean;
  starts: ReturnType<typeof groupStarts>;
  golfers: number;
  value: string;
  onChange: (slotId: string) => void;
}) {
  if (!ready) return <p className={styles.note}>Choose the course, date and golfers first.</p>;
  if (failed) return <p className={styles.error}>The tee times could not be loaded. Please try again.</p>;
  if (loading && starts.length === 0) return <Spinner label="Loading the tee times..." />;
  if (starts.length === 0) {
    return (
      <p className={styles.note}>
        No run of tee times has room for {golfers} golfers that day. Please choose another date or course.
      </p>
    );
  }
  return (
    <div className={styles.choices}>
      {starts.map((start) => (
        <label key={start.slot.id} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={String(start.slot.id)}
            checked={value === String(start.slot.id)}
            onChange={() => onChange(String(start.slot.id))}
          />
          <span>{describeStart(start)}</span>
        </label>
      ))}
    </div>
  );
}
