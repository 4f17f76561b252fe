import { formatMoney } from '@links/shared/money';
import {
  type NewSeason,
  newSeasonSchema,
  PRICE_MESSAGES,
  type PriceChange,
  type StaffPrices,
} from '@links/shared/schemas/staff-prices';
import { todayInLondon } from '@links/shared/uk-time';
import { type ReactNode, useState } from 'react';
import { SelectField, TextField } from '@/components/ui/form-field';
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
import { ChangeForm, Loaded, MutationFailure, StaffForm, StaffPage, StaffTable, useDraft } from './staff-kit';
import { dayOf, fieldProblems, Panel, when } from './staff-parts';
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

type Named = { id: number; name: string };

/** What a panel of the page takes: the prices, whether an admin reads them, and where to say what changed. */
type PanelProps = { prices: StaffPrices; admin: boolean; onDone: (message: string) => void };

/** A select choosing one of `choices` by id. */
function Pick({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: number;
  choices: readonly Named[];
  onChange: (id: number) => void;
}) {
  return (
    <SelectField
      label={label}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      options={choices.map((each) => ({ value: String(each.id), label: each.name }))}
    />
  );
}

/** A price change a form sends: pending while it is sent. */
type PriceMutation<B> = { isPending: boolean; mutate: (body: B, options: { onSuccess: () => void }) => void };

/**
 * A form setting one price: its pickers (what is priced) and the new price in pounds, refused here unless it is
 * a price of at most £2,000. `mutation` sends what `body` makes of the price; once it is saved the price is emptied
 * and `onDone` told what `done` says of it.
 */
function NewPriceForm<B>({
  label,
  priceLabel = 'New price (£)',
  hint,
  mutation,
  submit,
  body,
  done,
  onDone,
  children,
}: {
  label: string;
  priceLabel?: string;
  hint: string | undefined;
  mutation: PriceMutation<B>;
  submit: string;
  body: (price: number) => B;
  done: (price: number) => string;
  onDone: (message: string) => void;
  children: ReactNode;
}) {
  const [pounds, setPounds] = useState('');
  const [problem, setProblem] = useState('');
  return (
    <StaffForm
      label={label}
      pending={mutation.isPending}
      busy="Saving..."
      submit={submit}
      onSubmit={() => {
        const price = penceOf(pounds);
        if (price === null || price > 200_000) {
          setProblem(PRICE_MESSAGES.price);
          return;
        }
        setProblem('');
        mutation.mutate(body(price), {
          onSuccess: () => {
            setPounds('');
            onDone(done(price));
          },
        });
      }}
    >
      {children}
      <TextField
        label={priceLabel}
        inputMode="decimal"
        autoComplete="off"
        hint={hint}
        value={pounds}
        error={problem || undefined}
        onChange={(event) => setPounds(event.target.value)}
      />
    </StaffForm>
  );
}

/** A row's cells of one price for each player type, or `none` where a type has no price. */
function PriceCells({
  types,
  price,
  none,
}: {
  types: readonly Named[];
  price: (typeId: number) => number | undefined;
  none: string;
}) {
  return types.map((type) => {
    const each = price(type.id);
    return (
      <td key={type.id} className={styles.nowrap}>
        {each === undefined ? none : formatMoney(each)}
      </td>
    );
  });
}

/** A table of one value for each thing (a course's closing date, a caddie fee's days): the thing heads its row. */
function ValueTable({
  rows,
  ...table
}: {
  label: string;
  caption: string;
  columns: readonly [string, string];
  rows: readonly { id: number; name: string; value: string }[];
}) {
  return (
    <StaffTable {...table}>
      {rows.map((row) => (
        <tr key={row.id}>
          <th scope="row">{row.name}</th>
          <td className={styles.nowrap}>{row.value}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

function FeesTable({ prices, seasonId }: { prices: StaffPrices; seasonId: number }) {
  const season = prices.seasons.find((each) => each.id === seasonId);
  const fee = (courseId: number, typeId: number) =>
    prices.green_fees.find(
      (each) => each.course_id === courseId && each.player_type_id === typeId && each.season_id === seasonId,
    )?.price;
  return (
    <StaffTable
      label="Green fees table"
      caption={`Green fees, ${season?.name ?? ''}`}
      columns={['Course', ...prices.player_types.map((type) => type.name)]}
    >
      {prices.courses.map((course) => (
        <tr key={course.id}>
          <th scope="row">{course.name}</th>
          <PriceCells types={prices.player_types} price={(typeId) => fee(course.id, typeId)} none="No fee" />
        </tr>
      ))}
    </StaffTable>
  );
}

function ChangeFeeForm({ prices, seasonId, onDone }: Omit<PanelProps, 'admin'> & { seasonId: number }) {
  const change = useChangeGreenFee();
  const [courseId, setCourseId] = useState(prices.courses[0]?.id ?? 0);
  const [typeId, setTypeId] = useState(prices.player_types[0]?.id ?? 0);
  const current = prices.green_fees.find(
    (each) => each.course_id === courseId && each.player_type_id === typeId && each.season_id === seasonId,
  )?.price;
  const name = (list: { id: number; name: string }[], id: number) =>
    list.find((each) => each.id === id)?.name ?? '';
  return (
    <>
      <MutationFailure mutation={change} title="The green fee could not be changed" />
      <NewPriceForm
        label="Change a green fee"
        hint={current === undefined ? 'No fee yet.' : `Now ${formatMoney(current)}, VAT included.`}
        mutation={change}
        submit="Save the green fee"
        body={(price) => ({ course_id: courseId, player_type_id: typeId, season_id: seasonId, price })}
        done={(price) =>
          `The ${name(prices.player_types, typeId)} green fee of the ${name(prices.courses, courseId)} in ${name(prices.seasons, seasonId)} is now ${formatMoney(price)}, for bookings made from now on.`
        }
        onDone={onDone}
      >
        <Pick label="Course" value={courseId} choices={prices.courses} onChange={setCourseId} />
        <Pick label="Player type" value={typeId} choices={prices.player_types} onChange={setTypeId} />
      </NewPriceForm>
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
      <StaffForm
        label="Price a booking"
        pending={preview.isPending}
        busy="Pricing..."
        submit="Price it"
        onSubmit={() =>
          preview.mutate({
            golfers: golfers.map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
            courses: [{ id: courseId, teeTime: { date } }],
          })
        }
      >
        <Pick label="Course" value={courseId} choices={prices.courses} onChange={setCourseId} />
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
      </StaffForm>
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
    <StaffTable
      label="Price changes table"
      caption="Price changes, newest first"
      columns={['When', 'By', 'Price', 'From', 'To']}
    >
      {prices.history.map((entry) => (
        <tr key={entry.id}>
          <td className={styles.nowrap}>{when(entry.at)}</td>
          <td>{entry.by}</td>
          <th scope="row">{changedPrice(prices, entry)}</th>
          <td className={styles.nowrap}>{entry.before === null ? 'No price' : formatMoney(entry.before)}</td>
          <td className={styles.nowrap}>{formatMoney(entry.after)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

const dateOf = (date: string) => dayOf(`${date}T12:00:00Z`);

function SeasonsTable({ prices }: { prices: StaffPrices }) {
  return (
    <StaffTable
      label="Seasons table"
      caption="Seasons, earliest first"
      columns={['Season', 'From', 'To', 'Green fees set']}
    >
      {prices.seasons.map((season) => (
        <tr key={season.id}>
          <th scope="row">{season.name}</th>
          <td className={styles.nowrap}>{dateOf(season.start_date)}</td>
          <td className={styles.nowrap}>{dateOf(season.end_date)}</td>
          <td>{`${prices.green_fees.filter((fee) => fee.season_id === season.id).length} of ${prices.courses.length * prices.player_types.length}`}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

function AddSeasonForm({ prices, onDone }: Omit<PanelProps, 'admin'>) {
  const create = useCreateSeason();
  const last = prices.seasons.at(-1);
  const { draft, setDraft, setProblems, field } = useDraft({
    name: '',
    start_date: '',
    end_date: '',
    copy: String(last?.id ?? ''),
  });
  return (
    <ChangeForm
      label="Add a season"
      mutation={create}
      failed="The season could not be added"
      busy="Adding..."
      submit="Add the season"
      onSubmit={() => {
        const parsed = newSeasonSchema.safeParse({
          name: draft.name,
          start_date: draft.start_date,
          end_date: draft.end_date,
          copy_fees_from: draft.copy ? Number(draft.copy) : null,
        });
        if (!parsed.success) {
          setProblems(fieldProblems(parsed.error));
          return;
        }
        setProblems({});
        const season: NewSeason = parsed.data;
        create.mutate(season, {
          onSuccess: () => {
            setDraft({ name: '', start_date: '', end_date: '', copy: draft.copy });
            onDone(
              `${season.name} is added, from ${dateOf(season.start_date)} to ${dateOf(season.end_date)}.`,
            );
          },
        });
      }}
    >
      <TextField label="Season name" autoComplete="off" {...field('name')} />
      <TextField label="First day" type="date" {...field('start_date')} />
      <TextField label="Last day" type="date" {...field('end_date')} />
      <SelectField
        label="Green fees from"
        {...field('copy')}
        options={[
          { value: '', label: 'None (set each fee)' },
          ...prices.seasons.map((season) => ({ value: String(season.id), label: season.name })),
        ]}
      />
    </ChangeForm>
  );
}

function HorizonPanel({ prices, admin, onDone }: PanelProps) {
  const change = useChangeClosingDate();
  const [courseId, setCourseId] = useState(prices.courses[0]?.id ?? 0);
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState('');
  const name = prices.courses.find((course) => course.id === courseId)?.name ?? '';
  return (
    <Panel title="Booking horizon">
      <ValueTable
        label="Closing dates table"
        caption="The last day each course can be booked"
        columns={['Course', 'Bookable until']}
        rows={prices.courses.map((course) => ({ ...course, value: dateOf(course.closing_date) }))}
      />
      {admin ? (
        <>
          <h3 className={sheet['sub-head']}>Change a closing date</h3>
          <p className={styles.count}>
            Every day up to it needs green fees. An earlier date stops new bookings after it; bookings already
            made keep their tee times.
          </p>
          <ChangeForm
            label="Change a closing date"
            mutation={change}
            failed="The closing date could not be changed"
            busy="Saving..."
            submit="Save the closing date"
            onSubmit={() => {
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
            <Pick label="Course" value={courseId} choices={prices.courses} onChange={setCourseId} />
            <TextField
              label="Bookable until"
              type="date"
              value={date}
              error={problem || undefined}
              onChange={(event) => setDate(event.target.value)}
            />
          </ChangeForm>
        </>
      ) : null}
    </Panel>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '04-01' → '1 Apr' */
const monthDay = (value: string) =>
  `${Number(value.slice(3))} ${MONTHS[Number(value.slice(0, 2)) - 1] ?? ''}`;

function PackagesPanel({ prices, admin, onDone }: PanelProps) {
  const change = useChangePackagePrice();
  const [packageId, setPackageId] = useState(prices.packages[0]?.id ?? 0);
  const [typeId, setTypeId] = useState(prices.player_types[0]?.id ?? 0);
  const courseName = (id: number) => prices.courses.find((course) => course.id === id)?.name ?? '';
  const chosen = prices.packages.find((pkg) => pkg.id === packageId);
  const current = chosen?.prices.find((price) => price.player_type_id === typeId)?.price;
  return (
    <Panel title="Combination prices">
      <p className={styles.count}>
        One golfer's price for a round on each course of the combination within seven days, on the days of the
        year shown. Where two combinations apply, a golfer pays the cheaper.
      </p>
      <StaffTable
        label="Combination prices table"
        caption="Combination prices per player type"
        columns={['Combination', 'Days of the year', ...prices.player_types.map((type) => type.name)]}
      >
        {prices.packages.map((pkg) => (
          <tr key={pkg.id}>
            <th scope="row">
              {pkg.course_ids.map(courseName).join(' + ')}
              <span className={sheet.types}>{pkg.name}</span>
            </th>
            <td className={styles.nowrap}>{`${monthDay(pkg.valid_from)} to ${monthDay(pkg.valid_to)}`}</td>
            <PriceCells
              types={prices.player_types}
              price={(typeId) => pkg.prices.find((each) => each.player_type_id === typeId)?.price}
              none="No price"
            />
          </tr>
        ))}
      </StaffTable>
      {admin ? (
        <>
          <h3 className={sheet['sub-head']}>Change a combination price</h3>
          <MutationFailure mutation={change} title="The combination price could not be changed" />
          <NewPriceForm
            label="Change a combination price"
            hint={current === undefined ? 'No price yet.' : `Now ${formatMoney(current)}, VAT included.`}
            mutation={change}
            submit="Save the combination price"
            body={(price) => ({ package_id: packageId, player_type_id: typeId, price })}
            done={(price) =>
              `The ${chosen ? chosen.course_ids.map(courseName).join(' + ') : ''} combination is now ${formatMoney(price)} for ${prices.player_types.find((type) => type.id === typeId)?.name ?? ''}, for bookings made from now on.`
            }
            onDone={onDone}
          >
            <Pick
              label="Combination"
              value={packageId}
              choices={prices.packages.map((pkg) => ({
                id: pkg.id,
                name: `${pkg.name}: ${pkg.course_ids.map(courseName).join(' + ')}`,
              }))}
              onChange={setPackageId}
            />
            <Pick label="Player type" value={typeId} choices={prices.player_types} onChange={setTypeId} />
          </NewPriceForm>
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

function CaddiePanel({ prices, admin, onDone }: PanelProps) {
  const change = useChangeCaddieFee();
  const create = useCreateCaddieRange();
  const [rangeId, setRangeId] = useState(prices.caddie_ranges.at(-1)?.id ?? 0);
  const range = useDraft({ start_date: '', end_date: '', price: '' });
  const chosen = prices.caddie_ranges.find((each) => each.id === rangeId);
  return (
    <Panel title="Caddie fees">
      <ValueTable
        label="Caddie fees table"
        caption="Caddie fee per caddie per round, paid in cash on the day"
        columns={['Days', 'Fee per caddie']}
        rows={prices.caddie_ranges.map((each) => ({
          id: each.id,
          name: rangeLabel(each),
          value: formatMoney(each.price),
        }))}
      />
      {admin ? (
        <>
          <MutationFailure mutation={[change, create]} title="The caddie fee could not be saved" />
          <h3 className={sheet['sub-head']}>Change a caddie fee</h3>
          <NewPriceForm
            label="Change a caddie fee"
            priceLabel="New fee (£)"
            hint={chosen ? `Now ${formatMoney(chosen.price)}.` : undefined}
            mutation={change}
            submit="Save the caddie fee"
            body={(price) => ({ id: rangeId, price })}
            done={(price) =>
              `The caddie fee for ${chosen ? rangeLabel(chosen) : 'those days'} is now ${formatMoney(price)}.`
            }
            onDone={onDone}
          >
            <Pick
              label="Days"
              value={rangeId}
              choices={prices.caddie_ranges.map((each) => ({ id: each.id, name: rangeLabel(each) }))}
              onChange={setRangeId}
            />
          </NewPriceForm>
          <h3 className={sheet['sub-head']}>Add caddie fee days</h3>
          <StaffForm
            label="Add caddie fee days"
            pending={create.isPending}
            busy="Adding..."
            submit="Add the days"
            onSubmit={() => {
              const { draft } = range;
              const price = penceOf(draft.price);
              const problems: Record<string, string> = {};
              if (!draft.start_date) problems.start_date = 'Please enter a date.';
              if (!draft.end_date) problems.end_date = 'Please enter a date.';
              else if (draft.start_date && draft.end_date < draft.start_date)
                problems.end_date = 'The last day must not be before the first.';
              if (price === null || price > 200_000) problems.price = PRICE_MESSAGES.price;
              range.setProblems(problems);
              if (Object.keys(problems).length > 0 || price === null) return;
              create.mutate(
                { start_date: draft.start_date, end_date: draft.end_date, price },
                {
                  onSuccess: () => {
                    onDone(`Caddies cost ${formatMoney(price)} from ${rangeLabel(draft)}.`);
                    range.setDraft({ start_date: '', end_date: '', price: '' });
                  },
                },
              );
            }}
          >
            <TextField label="First day" type="date" {...range.field('start_date')} />
            <TextField label="Last day" type="date" {...range.field('end_date')} />
            <TextField
              label="Fee per caddie (£)"
              inputMode="decimal"
              autoComplete="off"
              {...range.field('price')}
            />
          </StaffForm>
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
    <StaffPage title="Prices" notice={notice}>
      <Loaded query={prices} loading="Loading prices..." failed="The prices could not be loaded">
        {(data) => (
          <>
            <div className={styles.filters}>
              <Pick label="Season" value={seasonId} choices={data.seasons} onChange={setPicked} />
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
      </Loaded>
    </StaffPage>
  );
}
