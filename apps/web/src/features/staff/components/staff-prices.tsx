import { formatMoney } from '@links/shared/money';
import {
  type NewSeason,
  newSeasonSchema,
  PRICE_MESSAGES,
  type PriceChange,
  type StaffPrices,
} from '@links/shared/schemas/staff-prices';
import { todayInLondon } from '@links/shared/uk-time';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SelectField, TextField } from '@/components/ui/form-field';
import { FailureAlert, SubmitButton } from '@/components/ui/form-status';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import {
  useChangeCaddieFee,
  useChangeClosingDate,
  useChangeGreenFee,
  useChangePackagePrice,
  useCreateCaddieRange,
  useCreateSeason,
  usePricePreview,
  useStaffMe,
  useStaffPrices,
} from '../api/staff-api';
import { PackageDetailsForm } from './package-details-form';
import styles from './staff.module.css';
import { dayOf, fieldProblems, Panel, when } from './staff-parts';
import { TableFrame } from './table-frame';
import sheet from './tee-sheet.module.css';

// Green fees (issue 23): the desk reads them and prices any golfers, courses and dates with the public flow's own
// code; admins change one fee at a time, for bookings made from then on. Every change is listed with who made it.

const POUNDS = /^\d{1,4}(\.\d{1,2})?$/;

/** "95", "95.5" or "95.50" in pounds → pence; null for anything else. */
export function penceOf(pounds: string): number | null {
  const text = pounds.trim().replace(/^£/, '');
  if (!POUNDS.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function seasonOf(prices: StaffPrices, date: string) {
  return prices.seasons.find((season) => season.start_date <= date && date <= season.end_date);
}

function FeesTable({ prices, seasonId }: { prices: StaffPrices; seasonId: number }) {
  const season = prices.seasons.find((each) => each.id === seasonId);
  const fee = (courseId: number, typeId: number) =>
    prices.green_fees.find(
      (each) => each.course_id === courseId && each.player_type_id === typeId && each.season_id === seasonId,
    )?.price;
  return (
    <TableFrame label="Green fees table">
      <table className={styles.table}>
        <caption className="visually-hidden">{`Green fees, ${season?.name ?? ''}`}</caption>
        <thead>
          <tr>
            <th scope="col">Course</th>
            {prices.player_types.map((type) => (
              <th scope="col" key={type.id}>
                {type.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {prices.courses.map((course) => (
            <tr key={course.id}>
              <th scope="row">{course.name}</th>
              {prices.player_types.map((type) => {
                const price = fee(course.id, type.id);
                return (
                  <td key={type.id} className={styles.nowrap}>
                    {price === undefined ? 'No fee' : formatMoney(price)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function ChangeFeeForm({
  prices,
  seasonId,
  onDone,
}: {
  prices: StaffPrices;
  seasonId: number;
  onDone: (message: string) => void;
}) {
  const change = useChangeGreenFee();
  const [courseId, setCourseId] = useState(prices.courses[0]?.id ?? 0);
  const [typeId, setTypeId] = useState(prices.player_types[0]?.id ?? 0);
  const [pounds, setPounds] = useState('');
  const [problem, setProblem] = useState('');
  const current = prices.green_fees.find(
    (each) => each.course_id === courseId && each.player_type_id === typeId && each.season_id === seasonId,
  )?.price;
  const name = (list: { id: number; name: string }[], id: number) =>
    list.find((each) => each.id === id)?.name ?? '';
  return (
    <>
      <FailureAlert
        error={change.error}
        title="The green fee could not be changed"
        fallback="The change could not be saved. Please try again."
        onDismiss={() => change.reset()}
      />
      <form
        className={styles['form-grid']}
        noValidate
        aria-label="Change a green fee"
        onSubmit={(event) => {
          event.preventDefault();
          const price = penceOf(pounds);
          if (price === null || price > 200_000) {
            setProblem(PRICE_MESSAGES.price);
            return;
          }
          setProblem('');
          change.mutate(
            { course_id: courseId, player_type_id: typeId, season_id: seasonId, price },
            {
              onSuccess: () => {
                setPounds('');
                onDone(
                  `The ${name(prices.player_types, typeId)} green fee of the ${name(prices.courses, courseId)} in ${name(prices.seasons, seasonId)} is now ${formatMoney(price)}, for bookings made from now on.`,
                );
              },
            },
          );
        }}
      >
        <SelectField
          label="Course"
          value={String(courseId)}
          onChange={(event) => setCourseId(Number(event.target.value))}
          options={prices.courses.map((course) => ({ value: String(course.id), label: course.name }))}
        />
        <SelectField
          label="Player type"
          value={String(typeId)}
          onChange={(event) => setTypeId(Number(event.target.value))}
          options={prices.player_types.map((type) => ({ value: String(type.id), label: type.name }))}
        />
        <TextField
          label="New price (£)"
          inputMode="decimal"
          autoComplete="off"
          hint={current === undefined ? 'No fee yet.' : `Now ${formatMoney(current)}, VAT included.`}
          value={pounds}
          error={problem || undefined}
          onChange={(event) => setPounds(event.target.value)}
        />
        <div className={styles['form-actions']}>
          <SubmitButton pending={change.isPending} busy="Saving...">
            Save the green fee
          </SubmitButton>
        </div>
      </form>
    </>
  );
}

function PreviewForm({ prices }: { prices: StaffPrices }) {
  const preview = usePricePreview();
  const [courseId, setCourseId] = useState(prices.courses[0]?.id ?? 0);
  const [date, setDate] = useState(todayInLondon());
  const [counts, setCounts] = useState<Record<number, number>>({ [prices.player_types[0]?.id ?? 0]: 1 });
  const golfers = prices.player_types.flatMap((type) =>
    Array.from({ length: counts[type.id] ?? 0 }, () => type.id),
  );
  return (
    <>
      <form
        className={styles['form-grid']}
        noValidate
        aria-label="Price a booking"
        onSubmit={(event) => {
          event.preventDefault();
          preview.mutate({
            golfers: golfers.map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
            courses: [{ id: courseId, teeTime: { date } }],
          });
        }}
      >
        <SelectField
          label="Course"
          value={String(courseId)}
          onChange={(event) => setCourseId(Number(event.target.value))}
          options={prices.courses.map((course) => ({ value: String(course.id), label: course.name }))}
        />
        <TextField
          label="Date of play"
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        {prices.player_types.map((type) => (
          <TextField
            key={type.id}
            label={`${type.name} golfers`}
            type="number"
            min={0}
            max={4}
            inputMode="numeric"
            value={String(counts[type.id] ?? 0)}
            onChange={(event) =>
              setCounts({ ...counts, [type.id]: Math.max(0, Math.min(4, Number(event.target.value) || 0)) })
            }
          />
        ))}
        <div className={styles['form-actions']}>
          <SubmitButton pending={preview.isPending} busy="Pricing...">
            Price it
          </SubmitButton>
        </div>
      </form>
      <div aria-live="polite">
        {preview.isError ? (
          <p className={styles['row-error']}>{userMessage(preview.error, 'Please try again in a moment.')}</p>
        ) : preview.data ? (
          <div className={sheet['change-preview']}>
            <p>
              <strong>{`A visitor pays ${formatMoney(preview.data.totals.payable)}`}</strong>
              {` (net ${formatMoney(preview.data.totals.net)}, VAT ${formatMoney(preview.data.totals.vat)}) in ${seasonOf(prices, date)?.name ?? 'no season'}.`}
            </p>
            <ul className={styles.attention}>
              {preview.data.golfers.map((golfer, index) => (
                <li key={golfer.id}>
                  {`${prices.player_types.find((type) => type.id === golfers[index])?.name ?? 'Golfer'}: ${golfer.ticket_label} ${formatMoney(golfer.total_price)}`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </>
  );
}

/** Which price a change was to, in words: a green fee, a combination's price for a player type or a caddie fee. */
function changedPrice(prices: StaffPrices, change: PriceChange): string {
  const name = (list: { id: number; name: string }[], id: number) =>
    list.find((each) => each.id === id)?.name ?? '—';
  switch (change.kind) {
    case 'green_fee':
      return `Green fee: ${name(prices.courses, change.course_id)}, ${name(prices.player_types, change.player_type_id)}, ${name(prices.seasons, change.season_id)}`;
    case 'package':
      return `Combination: ${name(prices.packages, change.package_id)}, ${name(prices.player_types, change.player_type_id)}`;
    case 'caddie':
      return `Caddie fee: ${rangeLabel(change)}`;
  }
}

function History({ prices }: { prices: StaffPrices }) {
  if (prices.history.length === 0) return <p className={styles.count}>No price has been changed here yet.</p>;
  return (
    <TableFrame label="Price changes table">
      <table className={styles.table}>
        <caption className="visually-hidden">Price changes, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">By</th>
            <th scope="col">Price</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
          </tr>
        </thead>
        <tbody>
          {prices.history.map((entry) => (
            <tr key={entry.id}>
              <td className={styles.nowrap}>{when(entry.at)}</td>
              <td>{entry.by}</td>
              <th scope="row">{changedPrice(prices, entry)}</th>
              <td className={styles.nowrap}>
                {entry.before === null ? 'No price' : formatMoney(entry.before)}
              </td>
              <td className={styles.nowrap}>{formatMoney(entry.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

const dateOf = (date: string) => dayOf(`${date}T12:00:00Z`);

function SeasonsTable({ prices }: { prices: StaffPrices }) {
  return (
    <TableFrame label="Seasons table">
      <table className={styles.table}>
        <caption className="visually-hidden">Seasons, earliest first</caption>
        <thead>
          <tr>
            <th scope="col">Season</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Green fees set</th>
          </tr>
        </thead>
        <tbody>
          {prices.seasons.map((season) => (
            <tr key={season.id}>
              <th scope="row">{season.name}</th>
              <td className={styles.nowrap}>{dateOf(season.start_date)}</td>
              <td className={styles.nowrap}>{dateOf(season.end_date)}</td>
              <td>{`${prices.green_fees.filter((fee) => fee.season_id === season.id).length} of ${prices.courses.length * prices.player_types.length}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function AddSeasonForm({ prices, onDone }: { prices: StaffPrices; onDone: (message: string) => void }) {
  const create = useCreateSeason();
  const last = prices.seasons.at(-1);
  const [form, setForm] = useState({ name: '', start_date: '', end_date: '', copy: String(last?.id ?? '') });
  const [problems, setProblems] = useState<Record<string, string>>({});
  return (
    <>
      <FailureAlert
        error={create.error}
        title="The season could not be added"
        fallback="The change could not be saved. Please try again."
        onDismiss={() => create.reset()}
      />
      <form
        className={styles['form-grid']}
        noValidate
        aria-label="Add a season"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = newSeasonSchema.safeParse({
            name: form.name,
            start_date: form.start_date,
            end_date: form.end_date,
            copy_fees_from: form.copy ? Number(form.copy) : null,
          });
          if (!parsed.success) {
            setProblems(fieldProblems(parsed.error));
            return;
          }
          setProblems({});
          const season: NewSeason = parsed.data;
          create.mutate(season, {
            onSuccess: () => {
              setForm({ name: '', start_date: '', end_date: '', copy: form.copy });
              onDone(
                `${season.name} is added, from ${dateOf(season.start_date)} to ${dateOf(season.end_date)}.`,
              );
            },
          });
        }}
      >
        <TextField
          label="Season name"
          autoComplete="off"
          value={form.name}
          error={problems.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextField
          label="First day"
          type="date"
          value={form.start_date}
          error={problems.start_date}
          onChange={(event) => setForm({ ...form, start_date: event.target.value })}
        />
        <TextField
          label="Last day"
          type="date"
          value={form.end_date}
          error={problems.end_date}
          onChange={(event) => setForm({ ...form, end_date: event.target.value })}
        />
        <SelectField
          label="Green fees from"
          value={form.copy}
          onChange={(event) => setForm({ ...form, copy: event.target.value })}
          options={[
            { value: '', label: 'None (set each fee)' },
            ...prices.seasons.map((season) => ({ value: String(season.id), label: season.name })),
          ]}
        />
        <div className={styles['form-actions']}>
          <SubmitButton pending={create.isPending} busy="Adding...">
            Add the season
          </SubmitButton>
        </div>
      </form>
    </>
  );
}

function HorizonPanel({
  prices,
  admin,
  onDone,
}: {
  prices: StaffPrices;
  admin: boolean;
  onDone: (message: string) => void;
}) {
  const change = useChangeClosingDate();
  const [courseId, setCourseId] = useState(prices.courses[0]?.id ?? 0);
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState('');
  const name = prices.courses.find((course) => course.id === courseId)?.name ?? '';
  return (
    <Panel title="Booking horizon">
      <TableFrame label="Closing dates table">
        <table className={styles.table}>
          <caption className="visually-hidden">The last day each course can be booked</caption>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Bookable until</th>
            </tr>
          </thead>
          <tbody>
            {prices.courses.map((course) => (
              <tr key={course.id}>
                <th scope="row">{course.name}</th>
                <td className={styles.nowrap}>{dateOf(course.closing_date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {admin ? (
        <>
          <h3 className={sheet['sub-head']}>Change a closing date</h3>
          <p className={styles.count}>
            Every day up to it needs green fees. An earlier date stops new bookings after it; bookings already
            made keep their tee times.
          </p>
          <FailureAlert
            error={change.error}
            title="The closing date could not be changed"
            fallback="The change could not be saved. Please try again."
            onDismiss={() => change.reset()}
          />
          <form
            className={styles['form-grid']}
            noValidate
            aria-label="Change a closing date"
            onSubmit={(event) => {
              event.preventDefault();
              if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
                setProblem('Please enter a date.');
                return;
              }
              setProblem('');
              change.mutate(
                { course_id: courseId, closing_date: date },
                {
                  onSuccess: (answer) =>
                    onDone(
                      `The ${name} can be booked until ${dateOf(date)}.${
                        answer.bookings_after > 0
                          ? ` ${answer.bookings_after} ${answer.bookings_after === 1 ? 'booking' : 'bookings'} after it keep their tee times.`
                          : ''
                      }`,
                    ),
                },
              );
            }}
          >
            <SelectField
              label="Course"
              value={String(courseId)}
              onChange={(event) => setCourseId(Number(event.target.value))}
              options={prices.courses.map((course) => ({ value: String(course.id), label: course.name }))}
            />
            <TextField
              label="Bookable until"
              type="date"
              value={date}
              error={problem || undefined}
              onChange={(event) => setDate(event.target.value)}
            />
            <div className={styles['form-actions']}>
              <SubmitButton pending={change.isPending} busy="Saving...">
                Save the closing date
              </SubmitButton>
            </div>
          </form>
        </>
      ) : null}
    </Panel>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '04-01' → '1 Apr' */
const monthDay = (value: string) =>
  `${Number(value.slice(3))} ${MONTHS[Number(value.slice(0, 2)) - 1] ?? ''}`;

function PackagesPanel({
  prices,
  admin,
  onDone,
}: {
  prices: StaffPrices;
  admin: boolean;
  onDone: (message: string) => void;
}) {
  const change = useChangePackagePrice();
  const [packageId, setPackageId] = useState(prices.packages[0]?.id ?? 0);
  const [typeId, setTypeId] = useState(prices.player_types[0]?.id ?? 0);
  const [pounds, setPounds] = useState('');
  const [problem, setProblem] = useState('');
  const courseName = (id: number) => prices.courses.find((course) => course.id === id)?.name ?? '';
  const chosen = prices.packages.find((pkg) => pkg.id === packageId);
  const current = chosen?.prices.find((price) => price.player_type_id === typeId)?.price;
  return (
    <Panel title="Combination prices">
      <p className={styles.count}>
        One golfer's price for a round on each course of the combination within seven days, on the days of the
        year shown. Where two combinations apply, a golfer pays the cheaper.
      </p>
      <TableFrame label="Combination prices table">
        <table className={styles.table}>
          <caption className="visually-hidden">Combination prices per player type</caption>
          <thead>
            <tr>
              <th scope="col">Combination</th>
              <th scope="col">Days of the year</th>
              {prices.player_types.map((type) => (
                <th scope="col" key={type.id}>
                  {type.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {prices.packages.map((pkg) => (
              <tr key={pkg.id}>
                <th scope="row">
                  {pkg.course_ids.map(courseName).join(' + ')}
                  <span className={sheet.types}>{pkg.name}</span>
                </th>
                <td
                  className={styles.nowrap}
                >{`${monthDay(pkg.valid_from)} to ${monthDay(pkg.valid_to)}`}</td>
                {prices.player_types.map((type) => {
                  const price = pkg.prices.find((each) => each.player_type_id === type.id)?.price;
                  return (
                    <td key={type.id} className={styles.nowrap}>
                      {price === undefined ? 'No price' : formatMoney(price)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {admin ? (
        <>
          <h3 className={sheet['sub-head']}>Change a combination price</h3>
          <FailureAlert
            error={change.error}
            title="The combination price could not be changed"
            fallback="The change could not be saved. Please try again."
            onDismiss={() => change.reset()}
          />
          <form
            className={styles['form-grid']}
            noValidate
            aria-label="Change a combination price"
            onSubmit={(event) => {
              event.preventDefault();
              const price = penceOf(pounds);
              if (price === null || price > 200_000) {
                setProblem(PRICE_MESSAGES.price);
                return;
              }
              setProblem('');
              change.mutate(
                { package_id: packageId, player_type_id: typeId, price },
                {
                  onSuccess: () => {
                    setPounds('');
                    onDone(
                      `The ${chosen ? chosen.course_ids.map(courseName).join(' + ') : ''} combination is now ${formatMoney(price)} for ${prices.player_types.find((type) => type.id === typeId)?.name ?? ''}, for bookings made from now on.`,
                    );
                  },
                },
              );
            }}
          >
            <SelectField
              label="Combination"
              value={String(packageId)}
              onChange={(event) => setPackageId(Number(event.target.value))}
              options={prices.packages.map((pkg) => ({
                value: String(pkg.id),
                label: `${pkg.name}: ${pkg.course_ids.map(courseName).join(' + ')}`,
              }))}
            />
            <SelectField
              label="Player type"
              value={String(typeId)}
              onChange={(event) => setTypeId(Number(event.target.value))}
              options={prices.player_types.map((type) => ({ value: String(type.id), label: type.name }))}
            />
            <TextField
              label="New price (£)"
              inputMode="decimal"
              autoComplete="off"
              hint={current === undefined ? 'No price yet.' : `Now ${formatMoney(current)}, VAT included.`}
              value={pounds}
              error={problem || undefined}
              onChange={(event) => setPounds(event.target.value)}
            />
            <div className={styles['form-actions']}>
              <SubmitButton pending={change.isPending} busy="Saving...">
                Save the combination price
              </SubmitButton>
            </div>
          </form>
          <PackageDetailsForm
            key={`change-${prices.packages.length}`}
            prices={prices}
            mode="change"
            onDone={onDone}
          />
          <PackageDetailsForm prices={prices} mode="add" onDone={onDone} />
        </>
      ) : null}
    </Panel>
  );
}

const rangeLabel = (range: { start_date: string; end_date: string }) =>
  `${dateOf(range.start_date)} to ${dateOf(range.end_date)}`;

function CaddiePanel({
  prices,
  admin,
  onDone,
}: {
  prices: StaffPrices;
  admin: boolean;
  onDone: (message: string) => void;
}) {
  const change = useChangeCaddieFee();
  const create = useCreateCaddieRange();
  const [rangeId, setRangeId] = useState(prices.caddie_ranges.at(-1)?.id ?? 0);
  const [fee, setFee] = useState('');
  const [feeProblem, setFeeProblem] = useState('');
  const [range, setRange] = useState({ start_date: '', end_date: '', price: '' });
  const [rangeProblems, setRangeProblems] = useState<Record<string, string>>({});
  const chosen = prices.caddie_ranges.find((each) => each.id === rangeId);
  return (
    <Panel title="Caddie fees">
      <TableFrame label="Caddie fees table">
        <table className={styles.table}>
          <caption className="visually-hidden">
            Caddie fee per caddie per round, paid in cash on the day
          </caption>
          <thead>
            <tr>
              <th scope="col">Days</th>
              <th scope="col">Fee per caddie</th>
            </tr>
          </thead>
          <tbody>
            {prices.caddie_ranges.map((each) => (
              <tr key={each.id}>
                <th scope="row">{rangeLabel(each)}</th>
                <td className={styles.nowrap}>{formatMoney(each.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {admin ? (
        <>
          <FailureAlert
            error={change.error ?? create.error}
            title="The caddie fee could not be saved"
            fallback="The change could not be saved. Please try again."
            onDismiss={() => {
              change.reset();
              create.reset();
            }}
          />
          <h3 className={sheet['sub-head']}>Change a caddie fee</h3>
          <form
            className={styles['form-grid']}
            noValidate
            aria-label="Change a caddie fee"
            onSubmit={(event) => {
              event.preventDefault();
              const price = penceOf(fee);
              if (price === null || price > 200_000) {
                setFeeProblem(PRICE_MESSAGES.price);
                return;
              }
              setFeeProblem('');
              change.mutate(
                { id: rangeId, price },
                {
                  onSuccess: () => {
                    setFee('');
                    onDone(
                      `The caddie fee for ${chosen ? rangeLabel(chosen) : 'those days'} is now ${formatMoney(price)}.`,
                    );
                  },
                },
              );
            }}
          >
            <SelectField
              label="Days"
              value={String(rangeId)}
              onChange={(event) => setRangeId(Number(event.target.value))}
              options={prices.caddie_ranges.map((each) => ({
                value: String(each.id),
                label: rangeLabel(each),
              }))}
            />
            <TextField
              label="New fee (£)"
              inputMode="decimal"
              autoComplete="off"
              hint={chosen ? `Now ${formatMoney(chosen.price)}.` : undefined}
              value={fee}
              error={feeProblem || undefined}
              onChange={(event) => setFee(event.target.value)}
            />
            <div className={styles['form-actions']}>
              <SubmitButton pending={change.isPending} busy="Saving...">
                Save the caddie fee
              </SubmitButton>
            </div>
          </form>
          <h3 className={sheet['sub-head']}>Add caddie fee days</h3>
          <form
            className={styles['form-grid']}
            noValidate
            aria-label="Add caddie fee days"
            onSubmit={(event) => {
              event.preventDefault();
              const price = penceOf(range.price);
              const problems: Record<string, string> = {};
              if (!range.start_date) problems.start_date = 'Please enter a date.';
              if (!range.end_date) problems.end_date = 'Please enter a date.';
              else if (range.start_date && range.end_date < range.start_date)
                problems.end_date = 'The last day must not be before the first.';
              if (price === null || price > 200_000) problems.price = PRICE_MESSAGES.price;
              setRangeProblems(problems);
              if (Object.keys(problems).length > 0 || price === null) return;
              create.mutate(
                { start_date: range.start_date, end_date: range.end_date, price },
                {
                  onSuccess: () => {
                    onDone(`Caddies cost ${formatMoney(price)} from ${rangeLabel(range)}.`);
                    setRange({ start_date: '', end_date: '', price: '' });
                  },
                },
              );
            }}
          >
            <TextField
              label="First day"
              type="date"
              value={range.start_date}
              error={rangeProblems.start_date}
              onChange={(event) => setRange({ ...range, start_date: event.target.value })}
            />
            <TextField
              label="Last day"
              type="date"
              value={range.end_date}
              error={rangeProblems.end_date}
              onChange={(event) => setRange({ ...range, end_date: event.target.value })}
            />
            <TextField
              label="Fee per caddie (£)"
              inputMode="decimal"
              autoComplete="off"
              value={range.price}
              error={rangeProblems.price}
              onChange={(event) => setRange({ ...range, price: event.target.value })}
            />
            <div className={styles['form-actions']}>
              <SubmitButton pending={create.isPending} busy="Adding...">
                Add the days
              </SubmitButton>
            </div>
          </form>
        </>
      ) : null}
    </Panel>
  );
}

/** /staff/prices: the green fees of a season, what a visitor pays, and (admins) changing a fee. */
export function StaffPricesPage() {
  const prices = useStaffPrices();
  const me = useStaffMe();
  const [notice, setNotice] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const data = prices.data;
  const seasonId =
    picked ?? (data ? (seasonOf(data, todayInLondon()) ?? data.seasons[0])?.id : undefined) ?? 0;
  const season = data?.seasons.find((each) => each.id === seasonId);
  return (
    <div className={styles.page}>
      <div className={styles['page-head']}>
        <h1>Prices</h1>
      </div>
      <p role="status" className={sheet.message}>
        {notice}
      </p>
      {prices.isPending ? (
        <Spinner label="Loading prices..." />
      ) : prices.isError || !data ? (
        <Alert type="error" title="The prices could not be loaded">
          <p>{userMessage(prices.error, 'Please try again in a moment.')}</p>
        </Alert>
      ) : (
        <>
          <div className={styles.filters}>
            <SelectField
              label="Season"
              value={String(seasonId)}
              onChange={(event) => setPicked(Number(event.target.value))}
              options={data.seasons.map((each) => ({ value: String(each.id), label: each.name }))}
            />
            {season ? (
              <p
                className={styles.count}
              >{`${dayOf(`${season.start_date}T12:00:00Z`)} to ${dayOf(`${season.end_date}T12:00:00Z`)}; VAT included.`}</p>
            ) : null}
          </div>
          <Panel title="Green fees">
            <FeesTable prices={data} seasonId={seasonId} />
            {me.data?.role === 'admin' ? (
              <>
                <h3 className={sheet['sub-head']}>Change a green fee</h3>
                <p className={styles.count}>
                  A new fee applies to bookings made from now on; bookings already made keep their price.
                </p>
                <ChangeFeeForm key={seasonId} prices={data} seasonId={seasonId} onDone={setNotice} />
              </>
            ) : null}
          </Panel>
          <PackagesPanel prices={data} admin={me.data?.role === 'admin'} onDone={setNotice} />
          <Panel title="Seasons">
            <SeasonsTable prices={data} />
            {me.data?.role === 'admin' ? (
              <>
                <h3 className={sheet['sub-head']}>Add a season</h3>
                <AddSeasonForm prices={data} onDone={setNotice} />
              </>
            ) : null}
          </Panel>
          <HorizonPanel prices={data} admin={me.data?.role === 'admin'} onDone={setNotice} />
          <CaddiePanel prices={data} admin={me.data?.role === 'admin'} onDone={setNotice} />
          <Panel title="What a visitor pays">
            <PreviewForm prices={data} />
          </Panel>
          <Panel title="Changes">
            <History prices={data} />
          </Panel>
        </>
      )}
    </div>
  );
}
