import { formatMoney } from '@links/shared/money';
import {
  createOperatorRequestSchema,
  OPERATOR_MESSAGES,
  type StaffOperator,
  type StaffOperatorBooking,
  type StaffOperatorDetail,
} from '@links/shared/schemas/staff-operators';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Link } from '@/components/ui/link';
import { userMessage } from '@/lib/api-client';
import {
  useCreateOperator,
  useSendOperatorLink,
  useStaffMe,
  useStaffOperator,
  useStaffOperators,
  useUpdateOperator,
} from '../api/staff-api';
import styles from './staff.module.css';
import {
  DetailPage,
  Loaded,
  NewAccountForm,
  SAVE_FAILED,
  StaffPage,
  StaffTable,
  useSendingForm,
} from './staff-kit';
import { dayOf, Facts, Panel, when } from './staff-parts';
import { StateTag } from './state-tag';
import sheet from './tee-sheet.module.css';
import { teeTimeOf } from './tee-sheet-labels';

// Tour operators (issue 23): the reservations desk sees who they are, what they owe and by when; admins open accounts
// (the operator chooses the password from the welcome e-mail: no password is ever shown here), change the deposit,
// disable and enable, and send a password link.

const DEFAULT_DEPOSIT = 50;

const TERMS: Record<NonNullable<StaffOperatorBooking['payment_method']>, string> = {
  online: 'Paid by card',
  deposit: 'Deposit',
  offline: 'Pay later',
};

function StatusText({ operator }: { operator: StaffOperator }) {
  return (
    <>
      <span className={operator.status === 'active' ? styles['state-ok'] : styles['state-off']}>
        {operator.status === 'active' ? 'Active' : 'Disabled'}
      </span>
      {operator.password_set ? null : <span className={styles.tag}>Password not chosen yet</span>}
    </>
  );
}

/** /staff/operators: every operator with what they owe; admins also open new accounts here. */
export function StaffOperators() {
  const operators = useStaffOperators();
  const me = useStaffMe();
  const [notice, setNotice] = useState('');
  const admin = me.data?.role === 'admin';
  return (
    <StaffPage title="Tour operators" notice={notice}>
      <Loaded
        query={operators}
        loading="Loading tour operators..."
        failed="The tour operators could not be loaded"
      >
        {(data) =>
          data.length === 0 ? (
            <p className={styles.count}>No tour operator has an account yet.</p>
          ) : (
            <StaffTable
              label="Tour operators table"
              caption="Tour operators"
              columns={[
                'Company',
                'Username',
                'E-mail',
                'Deposit',
                'Trade rate',
                'Status',
                'To play',
                'Due',
                'Next due',
              ]}
            >
              {data.map((operator) => (
                <tr key={operator.id}>
                  <th scope="row">
                    <Link to={`/staff/operators/${operator.id}`}>{operator.company_name}</Link>
                  </th>
                  <td>{operator.username}</td>
                  <td>{operator.email}</td>
                  <td>{`${operator.deposit_percent} %`}</td>
                  <td>
                    {operator.trade_discount_percent > 0 ? `${operator.trade_discount_percent} %` : '—'}
                  </td>
                  <td>
                    <StatusText operator={operator} />
                  </td>
                  <td>{operator.upcoming_bookings}</td>
                  <td className={styles.nowrap}>{operator.due > 0 ? formatMoney(operator.due) : '—'}</td>
                  <td className={styles.nowrap}>{dayOf(operator.next_due_at)}</td>
                </tr>
              ))}
            </StaffTable>
          )
        }
      </Loaded>
      {admin ? <OpenAccountForm onDone={setNotice} /> : null}
    </StaffPage>
  );
}

function OpenAccountForm({ onDone }: { onDone: (message: string) => void }) {
  const create = useCreateOperator();
  const form = useSendingForm(
    createOperatorRequestSchema,
    { company_name: '', username: '', email: '', deposit_percent: DEFAULT_DEPOSIT },
    create,
    (operator) =>
      onDone(
        `The account of ${operator.company_name} is open. An e-mail to ${operator.email} asks them to choose their password.`,
      ),
  );
  return (
    <NewAccountForm
      title="Open an account"
      intro={
        <p className={styles.count}>
          The operator receives an e-mail to choose their own password (the link lasts 7 days); nobody at the
          resort ever knows it.
        </p>
      }
      name={{ label: 'Company name', key: 'company_name' }}
      {...form}
      failed="The account could not be opened"
      busy="Opening..."
      submit="Open the account"
    >
      <TextField
        label="Deposit (%)"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        hint="Of the total, taken by card when they book on deposit terms; 0 turns deposit terms off."
        {...form.field('deposit_percent', { valueAsNumber: true })}
      />
    </NewAccountForm>
  );
}

type PercentField = 'deposit_percent' | 'trade_discount_percent';

const PERCENT_FORMS: Record<
  PercentField,
  {
    name: string;
    label: string;
    max: number;
    problem: string;
    button: string;
    done: (operator: StaffOperator) => string;
  }
> = {
  deposit_percent: {
    name: 'Deposit percentage',
    label: 'Deposit (%)',
    max: 100,
    problem: OPERATOR_MESSAGES.deposit,
    button: 'Save the deposit',
    done: (operator) =>
      `The deposit of ${operator.company_name} is now ${operator.deposit_percent} %, for bookings made from now on.`,
  },
  trade_discount_percent: {
    name: 'Trade rate',
    label: 'Trade rate (% off green fees)',
    max: 50,
    problem: OPERATOR_MESSAGES.tradeDiscount,
    button: 'Save the trade rate',
    done: (operator) =>
      `${operator.company_name} now books at ${operator.trade_discount_percent} % off green fees and combinations, from now on.`,
  },
};

/** One of the operator's percentages (deposit, trade rate): for bookings made from now on. */
function PercentForm({
  operator,
  field,
  onDone,
}: {
  operator: StaffOperator;
  field: PercentField;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const form = PERCENT_FORMS[field];
  const update = useUpdateOperator(operator.id);
  const [value, setValue] = useState(String(operator[field]));
  const [problem, setProblem] = useState('');
  return (
    <form
      className={styles.filters}
      noValidate
      aria-label={form.name}
      onSubmit={(event) => {
        event.preventDefault();
        const percent = Number(value);
        if (value.trim() === '' || !Number.isInteger(percent) || percent < 0 || percent > form.max) {
          setProblem(form.problem);
          return;
        }
        setProblem('');
        update.mutate({ [field]: percent }, { onSuccess: (changed) => onDone(form.done(changed)) });
      }}
    >
      <label htmlFor={`${id}-percent`}>
        {form.label}
        <input
          id={`${id}-percent`}
          type="number"
          inputMode="numeric"
          min={0}
          max={form.max}
          step={1}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <Button size="sm" type="submit" disabled={update.isPending}>
        {form.button}
      </Button>
      {problem || update.error ? (
        <p id={`${id}-problem`} className={styles['row-error']} role="alert">
          {problem || userMessage(update.error, SAVE_FAILED)}
        </p>
      ) : null}
    </form>
  );
}

function AccountActions({
  operator,
  onDone,
}: {
  operator: StaffOperator;
  onDone: (message: string) => void;
}) {
  const update = useUpdateOperator(operator.id);
  const link = useSendOperatorLink(operator.id);
  const [confirming, setConfirming] = useState(false);
  const error = update.error ?? link.error;
  const setStatus = (status: 'active' | 'disabled') =>
    update.mutate(
      { status },
      {
        onSuccess: (changed) => {
          setConfirming(false);
          onDone(
            changed.status === 'disabled'
              ? `${changed.company_name} is disabled and signed out everywhere.`
              : `${changed.company_name} can sign in again.`,
          );
        },
      },
    );
  return (
    <>
      <h3 className={sheet['sub-head']}>Change the deposit</h3>
      <PercentForm
        key={operator.deposit_percent}
        operator={operator}
        field="deposit_percent"
        onDone={onDone}
      />
      <h3 className={sheet['sub-head']}>Change the trade rate</h3>
      <PercentForm
        key={`trade-${operator.trade_discount_percent}`}
        operator={operator}
        field="trade_discount_percent"
        onDone={onDone}
      />
      <h3 className={sheet['sub-head']}>Sign-in</h3>
      {error ? (
        <p className={styles['row-error']} role="alert">
          {userMessage(error, SAVE_FAILED)}
        </p>
      ) : null}
      <div className={styles.pager}>
        {operator.status === 'active' ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              disabled={link.isPending}
              onClick={() =>
                link.mutate(undefined, {
                  onSuccess: (sent) => onDone(`A link to choose a password was sent to ${sent.sent_to}.`),
                })
              }
            >
              {operator.password_set ? 'Send a password reset link' : 'Send the welcome link again'}
            </Button>
            {confirming ? (
              <>
                <Button size="sm" disabled={update.isPending} onClick={() => setStatus('disabled')}>
                  Disable and sign out now
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                  Keep it active
                </Button>
              </>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                Disable the account...
              </Button>
            )}
          </>
        ) : (
          <Button size="sm" disabled={update.isPending} onClick={() => setStatus('active')}>
            Enable the account
          </Button>
        )}
      </div>
    </>
  );
}

function BookingsTable({ bookings }: { bookings: StaffOperatorBooking[] }) {
  if (bookings.length === 0) return <p className={styles.count}>No bookings yet.</p>;
  return (
    <StaffTable
      label="Their bookings table"
      caption="Their bookings, still to play first"
      columns={[
        'Booking',
        'First tee time',
        'Courses',
        'Golfers',
        'State',
        'Terms',
        'Total',
        'Paid',
        'Due',
        'Due by',
      ]}
    >
      {bookings.map((booking) => (
        <tr key={booking.booking_number}>
          <th scope="row">
            <Link to={`/staff/bookings/${booking.booking_number}`}>{booking.booking_number}</Link>
          </th>
          <td className={styles.nowrap}>
            {booking.first_tee_time
              ? `${dayOf(booking.first_tee_time)} ${teeTimeOf(booking.first_tee_time)}`
              : '—'}
          </td>
          <td>{booking.courses.join(', ') || '—'}</td>
          <td>{booking.players}</td>
          <td>
            <StateTag state={booking.state} />
          </td>
          <td>{booking.payment_method ? TERMS[booking.payment_method] : '—'}</td>
          <td className={styles.nowrap}>{formatMoney(booking.payable)}</td>
          <td className={styles.nowrap}>{formatMoney(booking.paid)}</td>
          <td className={styles.nowrap}>{booking.due > 0 ? formatMoney(booking.due) : '—'}</td>
          <td className={styles.nowrap}>{dayOf(booking.due_at)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

/** The people who book for the company with sign-ins of their own, invited and removed by its administrator. */
function ColleaguesTable({ colleagues }: { colleagues: StaffOperatorDetail['colleagues'] }) {
  if (colleagues.length === 0) {
    return <p className={styles.count}>No colleagues: only the company's own account signs in.</p>;
  }
  return (
    <StaffTable
      label="Colleagues table"
      caption="Colleagues who book for the company"
      columns={['Name', 'Username and e-mail', 'Status', 'Invited']}
    >
      {colleagues.map((colleague) => (
        <tr key={colleague.id}>
          <th scope="row">{colleague.name}</th>
          <td>{colleague.email_address}</td>
          <td>{colleague.status === 'invited' ? 'Invitation sent, no password yet' : 'Active'}</td>
          <td className={styles.nowrap}>{dayOf(colleague.invited_at)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

/** /staff/operators/:id: one operator, their account and every booking with its amounts and due date. */
export function StaffOperatorPage({ operatorId }: { operatorId: number }) {
  const detail = useStaffOperator(operatorId);
  const me = useStaffMe();
  const [notice, setNotice] = useState('');
  const operator = detail.data?.operator;
  return (
    <DetailPage
      back={{ to: '/staff/operators', label: 'Back to tour operators' }}
      title={operator ? operator.company_name : 'Tour operator'}
      notice={notice}
      query={detail}
      thing="tour operator"
      missing="There is no such tour operator."
    >
      {({ operator, colleagues, bookings }) => (
        <>
          <div className={sheet['booking-grid']}>
            <Panel title="Account">
              <Facts
                rows={[
                  { term: 'Username', value: operator.username },
                  { term: 'E-mail', value: operator.email },
                  { term: 'Phone', value: operator.phone ?? '—' },
                  { term: 'Deposit', value: `${operator.deposit_percent} %` },
                  {
                    term: 'Trade rate',
                    value:
                      operator.trade_discount_percent > 0
                        ? `${operator.trade_discount_percent} % off green fees`
                        : 'None',
                  },
                  { term: 'Status', value: <StatusText operator={operator} /> },
                  { term: 'Opened', value: when(operator.created_at) },
                ]}
              />
              {me.data?.role === 'admin' ? <AccountActions operator={operator} onDone={setNotice} /> : null}
            </Panel>
            <Panel title="Money">
              <Facts
                rows={[
                  { term: 'Bookings to play', value: operator.upcoming_bookings },
                  { term: 'Due', value: formatMoney(operator.due) },
                  { term: 'Next due', value: dayOf(operator.next_due_at) },
                ]}
              />
              <p>
                <Link to={`/staff/bookings?q=${encodeURIComponent(operator.username)}`}>
                  Find their bookings
                </Link>
              </p>
            </Panel>
          </div>
          <Panel title="Colleagues">
            <ColleaguesTable colleagues={colleagues} />
          </Panel>
          <Panel title="Their bookings">
            <BookingsTable bookings={bookings} />
          </Panel>
        </>
      )}
    </DetailPage>
  );
}
