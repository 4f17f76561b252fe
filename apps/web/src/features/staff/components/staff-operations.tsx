import { formatMoney } from '@links/shared/money';
import type { RefundReason } from '@links/shared/schemas/payments';
import type {
  MailState,
  MaintenanceStatus,
  StaffMailMessage,
  StaffOperations as StaffOperationsData,
} from '@links/shared/schemas/staff-operations';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import {
  useRetryMail,
  useStaffMail,
  useStaffMailMessage,
  useStaffOperations,
  useSwitchMaintenance,
} from '../api/staff-api';
import styles from './staff.module.css';
import { Loaded, MutationFailure, Pager, pageCount, StaffPage, StaffTable } from './staff-kit';
import { Panel, when } from './staff-parts';
import sheet from './tee-sheet.module.css';
import { teeTimeOf } from './tee-sheet-labels';

// Admins: what is waiting or stuck right now (issue 23). The outbox (a message read as text; a failed one sent
// again), the tee times live holds take, the money the reconciliation job has not finished, and the maintenance
// switch.

const MAIL_WORDS: Record<MailState, string> = { pending: 'Waiting to send', failed: 'Failed', sent: 'Sent' };

function BookingLink({ number }: { number: string | null }) {
  return number ? <Link to={`/staff/bookings/${number}`}>{number}</Link> : <>—</>;
}

function MessageView({ message, onClose }: { message: StaffMailMessage; onClose: () => void }) {
  return (
    <div className={sheet['change-preview']}>
      <p>
        <strong>{message.subject}</strong> to {message.to} · {MAIL_WORDS[message.status]}
        {message.attachments.length > 0 ? ` · attached: ${message.attachments.join(', ')}` : ''}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long message scrolls, and a scrolling region with no focusable content must take focus itself to be scrolled by keyboard. */}
      <section className={styles.message} aria-label={`Text of ${message.subject}`} tabIndex={0}>
        <pre>{message.text}</pre>
      </section>
      <button type="button" className={styles['table-button']} onClick={onClose}>
        Close the message
      </button>
    </div>
  );
}

function MailPanel({ onDone }: { onDone: (message: string) => void }) {
  const [filter, setFilter] = useState<{ status?: MailState; page: number }>({ page: 1 });
  const [open, setOpen] = useState<string | null>(null);
  const mail = useStaffMail(filter);
  const message = useStaffMailMessage(open);
  const retry = useRetryMail();
  const pages = pageCount(mail.data);
  return (
    <Panel title="E-mail">
      <MutationFailure
        mutation={retry}
        title="The message could not be sent again"
        fallback="Please try again in a moment."
      />
      <div className={styles.filters}>
        <label>
          Show
          <select
            value={filter.status ?? ''}
            onChange={(event) => {
              const status = event.target.value as MailState | '';
              setFilter(status ? { status, page: 1 } : { page: 1 });
            }}
          >
            <option value="">Every message</option>
            <option value="pending">Waiting to send</option>
            <option value="failed">Failed</option>
            <option value="sent">Sent</option>
          </select>
        </label>
      </div>
      <Loaded query={mail} loading="Loading the outbox..." failed="The outbox could not be loaded">
        {(data) =>
          data.messages.length === 0 ? (
            <p className={styles.count}>No message here.</p>
          ) : (
            <>
              <StaffTable
                label="Outbox table"
                caption={`Outbox, page ${data.page}`}
                columns={[
                  'Queued',
                  'To',
                  'Subject',
                  'Booking',
                  'State',
                  'Tries',
                  'Error',
                  { hidden: 'Actions' },
                ]}
              >
                {data.messages.map((row) => (
                  <tr key={row.id}>
                    <td className={styles.nowrap}>{when(row.created_at)}</td>
                    <td>{row.to}</td>
                    <th scope="row">{row.subject}</th>
                    <td>
                      <BookingLink number={row.booking_number} />
                    </td>
                    <td>{row.status === 'sent' ? `Sent ${when(row.sent_at)}` : MAIL_WORDS[row.status]}</td>
                    <td>{row.attempts}</td>
                    <td>{row.last_error ?? '—'}</td>
                    <td className={styles.nowrap}>
                      <button
                        type="button"
                        className={styles['table-button']}
                        aria-label={`Read the message ${row.subject}`}
                        onClick={() => setOpen(row.id)}
                      >
                        Read
                      </button>{' '}
                      {row.status === 'failed' ? (
                        <button
                          type="button"
                          className={styles['table-button']}
                          aria-label={`Send ${row.subject} again`}
                          disabled={retry.isPending}
                          onClick={() =>
                            retry.mutate(row.id, {
                              onSuccess: () =>
                                onDone(`"${row.subject}" to ${row.to} is waiting to send again.`),
                            })
                          }
                        >
                          Send again
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </StaffTable>
              <Pager
                label="Outbox pages"
                page={filter.page}
                pages={pages}
                onPage={(next) => setFilter({ ...filter, page: next })}
              >
                <span className={styles.count}>{`Page ${data.page} of ${pages}`}</span>
              </Pager>
            </>
          )
        }
      </Loaded>
      {message.data ? <MessageView message={message.data} onClose={() => setOpen(null)} /> : null}
    </Panel>
  );
}

/**
 * Closing the site turns every golfer and tour operator away mid-booking, so it takes a second, explicit press; the
 * staff area keeps working either way.
 */
function MaintenancePanel({
  status,
  onDone,
}: {
  status: MaintenanceStatus;
  onDone: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const switchTo = useSwitchMaintenance();
  const change = (enabled: boolean) =>
    switchTo.mutate(enabled, {
      onSuccess: (now) => {
        setConfirming(false);
        onDone(
          now.maintenance ? 'The booking site is closed for maintenance.' : 'The booking site is open again.',
        );
      },
    });
  return (
    <Panel title="Maintenance">
      <MutationFailure
        mutation={switchTo}
        title="The switch could not be changed"
        fallback="Please try again in a moment."
      />
      <p>
        {status.maintenance ? (
          <strong>The booking site is closed for maintenance.</strong>
        ) : (
          <strong>The booking site is open.</strong>
        )}{' '}
        {status.maintenance
          ? 'Golfers and tour operators see the maintenance page; the staff area keeps working.'
          : 'Closing it shows golfers and tour operators the maintenance page within seconds, also mid-booking; the staff area keeps working.'}
      </p>
      {status.forced_by_env ? (
        <p className={styles.count}>
          The server is started with MAINTENANCE_MODE=on: the site opens when it is restarted without it.
        </p>
      ) : status.maintenance ? (
        <Button size="sm" disabled={switchTo.isPending} onClick={() => change(false)}>
          Open the booking site
        </Button>
      ) : confirming ? (
        <div className={styles.pager}>
          <Button size="sm" disabled={switchTo.isPending} onClick={() => change(true)}>
            Close the site now
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
            Keep it open
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
          Close for maintenance...
        </Button>
      )}
    </Panel>
  );
}

/** Why the booking engine refunded a payment itself, as the desk reads it before calling the payer. */
const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  amount_mismatch: 'the booking changed while it was being paid, so the amount no longer matched',
  paid_twice: 'the booking had already been paid',
  booking_cancelled: 'the booking had been cancelled',
  places_gone: 'its tee times were taken before the payment arrived',
};

/** Payments the reconciliation has not settled, staff refunds still open and payments the engine refunded itself. */
const attention = (data: StaffOperationsData) =>
  data.payments.length + data.refunds.length + data.automatic_refunds.length;

export function StaffOperations() {
  const operations = useStaffOperations();
  const [notice, setNotice] = useState('');
  return (
    <StaffPage title="Operations" notice={notice}>
      <Loaded query={operations} loading="Loading..." failed="The operations page could not be loaded">
        {(data) => (
          <>
            <p className={styles.count}>
              {`E-mail: ${data.mail.pending} waiting to send, ${data.mail.failed} failed, ${data.mail.sent_last_24_hours} sent in the last 24 hours · ${data.holds.length} live ${data.holds.length === 1 ? 'hold' : 'holds'} · ${attention(data)} ${attention(data) === 1 ? 'payment needs' : 'payments need'} attention`}
            </p>
            <div className={sheet['booking-grid']}>
              <MaintenancePanel status={data.maintenance} onDone={setNotice} />
              <Panel title="Live holds">
                {data.holds.length === 0 ? (
                  <p className={styles.count}>No tee times are held right now.</p>
                ) : (
                  <StaffTable
                    label="Live holds table"
                    caption="Live holds, soonest to lapse first"
                    columns={['Booking', 'Tee times', 'Operator', 'Lapses']}
                  >
                    {data.holds.map((hold) => (
                      <tr key={hold.booking_number}>
                        <th scope="row">
                          <BookingLink number={hold.booking_number} />
                        </th>
                        <td>
                          {hold.rounds
                            .map((round) => `${round.course} ${teeTimeOf(round.tee_time)} (${round.players})`)
                            .join('; ')}
                        </td>
                        <td>{hold.operator ?? '—'}</td>
                        <td className={styles.nowrap}>{when(hold.expires_at)}</td>
                      </tr>
                    ))}
                  </StaffTable>
                )}
              </Panel>
              <Panel title="Payments needing attention">
                {attention(data) === 0 ? (
                  <p className={styles.count}>Every payment and refund is settled.</p>
                ) : (
                  <ul className={styles.attention}>
                    {data.payments.map((payment) => (
                      <li key={payment.id}>
                        {`Card payment ${payment.id} of ${formatMoney(payment.amount)} (${payment.status}), not settled after ${payment.failures} ${payment.failures === 1 ? 'try' : 'tries'}; booking `}
                        <BookingLink number={payment.booking_number} />
                      </li>
                    ))}
                    {data.automatic_refunds.map((refund) => (
                      <li key={refund.id}>
                        {`Card payment ${refund.id} of ${formatMoney(refund.amount)} refunded ${when(refund.refunded_at)}: ${REFUND_REASON_TEXT[refund.reason]}; booking `}
                        <BookingLink number={refund.booking_number} />
                      </li>
                    ))}
                    {data.refunds.map((refund) => (
                      <li key={`${refund.booking_number}-${refund.next_attempt_at}`}>
                        {`Refund of ${formatMoney(refund.amount)} waiting for the card provider (${refund.attempts} ${refund.attempts === 1 ? 'try' : 'tries'}, next ${when(refund.next_attempt_at)}); booking `}
                        <BookingLink number={refund.booking_number} />
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
            </div>
            <MailPanel onDone={setNotice} />
          </>
        )}
      </Loaded>
    </StaffPage>
  );
}
