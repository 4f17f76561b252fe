import { COURSE_IDS } from '@links/shared/constants';
import { formatMoney } from '@links/shared/money';
import { MAX_PRICED_ROUNDS } from '@links/shared/pricing';
import type { StaffNewBookingRequestInput } from '@links/shared/schemas/staff-booking-change';
import { todayInLondon } from '@links/shared/uk-time';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { countryOptions, diallingCodeOptions } from '@/components/ui/country-options';
import { SelectField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/form-status';
import { Link } from '@/components/ui/link';
import { fieldMessages } from '@/lib/api-client';
import { useBookForCaller, useStaffCourses, useStaffPlayerTypes } from '../api/staff-api';
import { GolferFields, type RoundDraft, RoundFields } from './booking-change-form';
import styles from './staff.module.css';
import { MutationFailure } from './staff-kit';
import sheet from './tee-sheet.module.css';

// Booking for a caller (issue 22): rounds, golfers of any player type and the caller's details, as the golfer's own
// step 2 asks for them; the API checks and prices it like a public booking, confirms it with the price due at the
// desk and e-mails the caller their confirmation and PIN. The desk then lands on the booking's page.

const NAME_FIELDS = [
  { name: 'first_name', label: 'First name' },
  { name: 'surname', label: 'Surname' },
  { name: 'email_address', label: 'E-mail' },
] as const;

const ADDRESS_FIELDS = [
  { name: 'address_line_1', label: 'Address line 1' },
  { name: 'address_line_2', label: 'Address line 2 (optional)' },
  { name: 'city', label: 'Town or city' },
  { name: 'county', label: 'County or region' },
  { name: 'postcode', label: 'Postcode' },
] as const;

type ContactName =
  | (typeof NAME_FIELDS)[number]['name']
  | (typeof ADDRESS_FIELDS)[number]['name']
  | 'telephone_number'
  | 'telephone_country_code'
  | 'country';

const FAILED = 'Please try again in a moment.';

export function StaffNewBooking() {
  const navigate = useNavigate();
  const courses = useStaffCourses();
  const types = useStaffPlayerTypes();
  const book = useBookForCaller();
  const countries = useMemo(countryOptions, []);
  const dialling = useMemo(diallingCodeOptions, []);
  const courseList = (courses.data ?? []).map((course) => ({ id: course.id, name: course.name }));
  const [rounds, setRounds] = useState<RoundDraft[]>([
    {
      courseId: COURSE_IDS.championship,
      name: 'Championship Course',
      keep: true,
      date: todayInLondon(),
      slotId: '',
      caddies: '0',
    },
  ]);
  const [golfers, setGolfers] = useState(['1', '1']);
  const [override, setOverride] = useState('');
  const [notes, setNotes] = useState('');
  const [contact, setContact] = useState<Record<ContactName, string>>({
    first_name: '',
    surname: '',
    email_address: '',
    telephone_country_code: 'GB',
    telephone_number: '',
    address_line_1: '',
    address_line_2: '',
    city: '',
    county: '',
    postcode: '',
    country: 'GB',
  });
  const [missing, setMissing] = useState('');
  const errors = fieldMessages(book.error);
  const needsOverride =
    golfers.length === 1 && rounds.some((round) => round.courseId === COURSE_IDS.championship);
  const unused = courseList.filter((course) => !rounds.some((round) => round.courseId === course.id));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rounds.some((round) => round.slotId === '')) {
      setMissing('Please choose a tee time for every round.');
      return;
    }
    setMissing('');
    const body: StaffNewBookingRequestInput = {
      courses: rounds.map((round) => ({
        id: round.courseId,
        teeTime: { id: Number(round.slotId) },
        caddies: Math.min(Number(round.caddies), golfers.length),
      })),
      golfers: golfers.map((type, index) => ({ id: index + 1, playerTypeId: Number(type) })),
      ...(needsOverride && override.trim() ? { championship_override: override.trim() } : {}),
      contact: { ...contact, player_type: 'lead_player', stay_connected: false },
      notes,
    };
    book.mutate(body, {
      onSuccess: (made) =>
        void navigate(`/staff/bookings/${made.booking_number}`, {
          state: {
            notice: `Booking ${made.booking_number} is confirmed: ${formatMoney(made.due)} to pay at the desk. The caller has been e-mailed their confirmation and PIN.`,
          },
        }),
    });
  }

  const field = (name: ContactName) => ({
    value: contact[name],
    error: errors[`contact.${name}`],
    onChange: (event: { target: { value: string } }) =>
      setContact({ ...contact, [name]: event.target.value }),
  });

  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/bookings">Back to bookings</Link>
      </p>
      <div className={styles['page-head']}>
        <h1>Book for a caller</h1>
      </div>
      <MutationFailure mutation={book} title="The booking could not be made" fallback={FAILED} />
      <form className={sheet['change-form']} onSubmit={submit} noValidate aria-label="Book for a caller">
        {missing ? (
          <p className={styles['row-error']} role="alert">
            {missing}
          </p>
        ) : null}
        <div className={sheet['change-rounds']}>
          {rounds.map((round, index) => (
            <RoundFields
              key={round.courseId}
              round={round}
              golfers={golfers.length}
              courses={[{ id: round.courseId, name: round.name }, ...unused]}
              {...(rounds.length > 1
                ? { onRemove: () => setRounds(rounds.filter((_, at) => at !== index)) }
                : {})}
              onChange={(next) => setRounds(rounds.map((other, at) => (at === index ? next : other)))}
            />
          ))}
        </div>
        {rounds.length < MAX_PRICED_ROUNDS && unused[0] ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={styles['table-button']}
              onClick={() => {
                const course = unused[0];
                if (!course) return;
                setRounds([
                  ...rounds,
                  {
                    courseId: course.id,
                    name: course.name,
                    keep: true,
                    date: rounds.at(-1)?.date ?? todayInLondon(),
                    slotId: '',
                    caddies: '0',
                  },
                ]);
              }}
            >
              Add a round
            </button>
          </div>
        ) : null}
        <GolferFields golfers={golfers} types={types.data ?? []} onChange={setGolfers} />
        {needsOverride ? (
          <TextField
            label="One golfer on the Championship: why"
            autoComplete="off"
            hint="The public flow needs two golfers there; say why this booking may have one."
            value={override}
            error={errors.championship_override}
            onChange={(event) => setOverride(event.target.value)}
          />
        ) : null}
        <fieldset className={sheet['change-caller']}>
          <legend>The caller (leads the group)</legend>
          {NAME_FIELDS.map((entry) => (
            <TextField key={entry.name} label={entry.label} autoComplete="off" {...field(entry.name)} />
          ))}
          <SelectField label="Telephone country" options={dialling} {...field('telephone_country_code')} />
          <TextField label="Telephone" type="tel" autoComplete="off" {...field('telephone_number')} />
          {ADDRESS_FIELDS.map((entry) => (
            <TextField key={entry.name} label={entry.label} autoComplete="off" {...field(entry.name)} />
          ))}
          <SelectField label="Country" options={countries} {...field('country')} />
        </fieldset>
        <TextField
          label="Notes (optional)"
          autoComplete="off"
          value={notes}
          error={errors.notes}
          onChange={(event) => setNotes(event.target.value)}
        />
        <div className={styles['form-actions']}>
          <SubmitButton pending={book.isPending} busy="Booking...">
            Book, to pay at the desk
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
