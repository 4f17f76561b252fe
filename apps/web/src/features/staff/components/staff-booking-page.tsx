import { MAX_GOLFERS } from '@links/shared/constants';
import { formatMoney } from '@links/shared/money';
import { CHANGE_MESSAGES, type StaffBookingDetail } from '@links/shared/schemas/staff-bookings';
import { useState } from 'react';
import { BookingDocuments } from '@/components/ui/booking-documents';
import { useStaffBooking } from '../api/staff-api';
import { ChangeBookingForm } from './booking-change-form';
import {
  CaddiesForm,
  CancelBookingForm,
  ContactForm,
  DueDateForm,
  GolferNamesForm,
  METHOD_LABELS,
  MoveRoundForm,
  PaymentLinkForm,
  RecordPaymentForm,
} from './booking-money-forms';
import styles from './staff.module.css';
import { DetailPage, StaffTable } from './staff-kit';
import { Facts, Panel, when } from './staff-parts';
import { StateTag } from './state-tag';
import sheet from './tee-sheet.module.css';
import { teeTimeOf } from './tee-sheet-labels';

const BY: Record<StaffBookingDetail['timeline'][number]['by'], string> = {
  golfer: 'Golfer',
  operator: 'Operator',
  staff: 'Staff',
  system: 'System',
};

const MAIL_STATES: Record<StaffBookingDetail['emails'][number]['status'], string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  failed: 'Failed',
};

const TERMS: Record<StaffBookingDetail['confirmation']['payment_method'], string> = {
  card: 'Card, paid when booked',
  online: 'Operator, paid by card',
  deposit: 'Operator, deposit by card',
  offline: 'Operator, pay later',
};

/** A visitor booking the desk made to be paid there reads so until a payment is recorded. */
function termsOf(booking: StaffBookingDetail): string {
  const { confirmation: c } = booking;
  if (c.payment_method === 'card' && booking.payments.length === 0) return 'To pay at the desk';
  return TERMS[c.payment_method];
}

function Body({ booking, onDone }: { booking: StaffBookingDetail; onDone: (message: string) => void }) {
  const { confirmation: c, contact } = booking;
  // A tour operator's group of more than four (issue 24): its tee times are moved one by one.
  const group = c.golfer_count > MAX_GOLFERS;
  return (
    <div className={sheet['booking-grid']}>
      <Panel title="Rounds">
        <StaffTable
          label="Rounds table"
          caption={`Rounds of booking ${c.booking_number}`}
          columns={['Course', 'Tee time', 'Golfers', 'Caddies']}
        >
          {c.courses.map((course) => (
            <tr key={`${course.id}-${course.tee_time}`}>
              <th scope="row">{course.name}</th>
              <td className={styles.nowrap}>{course.tee_time ? teeTimeOf(course.tee_time) : '—'}</td>
              <td>{course.players}</td>
              <td>{course.caddies > 0 ? `${course.caddies} (${formatMoney(course.caddie_total)})` : '—'}</td>
            </tr>
          ))}
        </StaffTable>
        <p className={styles.count}>
          {c.price_breakdown
            .map((line) => `${line.count} ${line.player_type} ${formatMoney(line.total)}`)
            .join(' · ')}
        </p>
        {c.status === 'confirmed'
          ? c.courses.map((course, index) =>
              course.tee_time && Date.parse(course.tee_time) > Date.now() ? (
                <div key={`${course.id}-${course.tee_time}`} className={sheet['round-tools']}>
                  <MoveRoundForm
                    booking={booking}
                    round={{ ...course, tee_time: course.tee_time }}
                    fromSlotId={booking.rounds[index]?.slot_id}
                    group={group}
                    onDone={onDone}
                  />
                  {/* A group's caddies are spread over its tee times: one count per course cannot say where. */}
                  {group ? null : <CaddiesForm booking={booking} round={course} onDone={onDone} />}
                </div>
              ) : null,
            )
          : null}
      </Panel>
      {c.status === 'confirmed' && !c.has_played ? (
        <Panel title="Change rounds and golfers">
          {group ? (
            <p className={styles.count}>{CHANGE_MESSAGES.group}</p>
          ) : (
            <ChangeBookingForm key={booking.confirmation.booking_number} booking={booking} onDone={onDone} />
          )}
        </Panel>
      ) : null}
      {c.golfer_names && c.status === 'confirmed' && !c.has_played ? (
        <Panel title="Golfers' names">
          <p className={styles.note}>
            {c.golfer_names.missing === 0
              ? 'Every golfer is named.'
              : `${c.golfer_names.missing} of ${c.golfers.length} missing.`}{' '}
            {`The operator could change them until ${when(c.golfer_names.deadline)}${c.golfer_names.editable ? '' : ' (passed)'}.`}
          </p>
          <GolferNamesForm key={c.booking_number} booking={booking} onDone={onDone} />
        </Panel>
      ) : null}
      <Panel title="Money">
        <Facts
          rows={[
            { term: 'Total payable', value: formatMoney(c.totals.payable) },
            { term: 'Paid', value: formatMoney(c.totals.paid) },
            { term: 'Due', value: formatMoney(c.totals.due) },
            { term: 'Terms', value: termsOf(booking) },
            { term: 'Balance due by', value: when(booking.balance_due_at) },
          ]}
        />
        {booking.state !== 'cancelled' &&
        booking.state !== 'expired' &&
        booking.state !== 'held' &&
        c.totals.due > 0 ? (
          <>
            <h3 className={sheet['sub-head']}>Record a payment</h3>
            <RecordPaymentForm booking={booking} onDone={onDone} />
            {c.has_played ? null : (
              <>
                <h3 className={sheet['sub-head']}>Pay by card online</h3>
                <PaymentLinkForm booking={booking} onDone={onDone} />
              </>
            )}
            {c.payment_method === 'deposit' || c.payment_method === 'offline' ? (
              <>
                <h3 className={sheet['sub-head']}>Change the due date</h3>
                <DueDateForm booking={booking} onDone={onDone} />
              </>
            ) : null}
          </>
        ) : null}
      </Panel>
      {booking.state !== 'cancelled' && booking.state !== 'expired' && booking.state !== 'held' ? (
        <Panel title="Cancel">
          <CancelBookingForm booking={booking} onDone={onDone} />
        </Panel>
      ) : null}
      <Panel title="Contact">
        <Facts
          rows={[
            { term: 'Name', value: contact.name || '—' },
            {
              term: 'E-mail',
              value: contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—',
            },
            {
              term: 'Phone',
              value: contact.phone ? (
                <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
              ) : (
                '—'
              ),
            },
            { term: 'Address', value: contact.address || '—' },
            { term: 'News by e-mail', value: contact.stay_connected ? 'Yes' : 'No' },
            {
              term: 'Operator',
              value: booking.operator
                ? `${booking.operator.company_name} (${booking.operator.username})`
                : '—',
            },
            { term: 'Notes', value: booking.notes ?? '—' },
          ]}
        />
        {booking.operator === null && booking.state !== 'expired' ? (
          <>
            <h3 className={sheet['sub-head']}>Correct the contact details</h3>
            <ContactForm booking={booking} onDone={onDone} />
          </>
        ) : null}
      </Panel>
      <Panel title="Payments and refunds">
        {booking.payments.length === 0 &&
        booking.refunds.length === 0 &&
        booking.recorded_payments.length === 0 ? (
          <p className={styles.count}>No payment recorded.</p>
        ) : (
          <StaffTable
            label="Payments table"
            caption={`Payments and refunds of booking ${c.booking_number}`}
            columns={['When', 'What', 'Amount', 'Status', 'Reference']}
          >
            {booking.payments.map((payment) => (
              <tr key={payment.id}>
                <td className={styles.nowrap}>{when(payment.created_at)}</td>
                <td>Card payment ({payment.provider})</td>
                <td>{formatMoney(payment.amount)}</td>
                <td>
                  {payment.status}
                  {payment.settlement ? ` · ${payment.settlement}` : ''}
                </td>
                <td className={sheet.number}>{payment.id}</td>
              </tr>
            ))}
            {booking.recorded_payments.map((payment) => (
              <tr key={`${payment.at}-${payment.reference}`}>
                <td className={styles.nowrap}>{when(payment.at)}</td>
                <td>
                  {METHOD_LABELS[payment.method]} (recorded by {payment.by})
                </td>
                <td>{formatMoney(payment.amount)}</td>
                <td>recorded</td>
                <td className={sheet.number}>{payment.reference}</td>
              </tr>
            ))}
            {booking.refunds.map((refund) => (
              <tr key={refund.id}>
                <td className={styles.nowrap}>{when(refund.created_at)}</td>
                <td>Refund</td>
                <td>−{formatMoney(refund.amount)}</td>
                <td>{refund.status}</td>
                <td className={sheet.number}>{refund.id}</td>
              </tr>
            ))}
          </StaffTable>
        )}
        <BookingDocuments
          documents={c.invoices}
          detail={(document) => ` ${formatMoney(document.amount)} · ${when(document.issued_at)}`}
          headingClassName={sheet['sub-head']}
          listClassName={styles.documents}
        />
      </Panel>
      <Panel title="E-mails">
        {booking.emails.length === 0 ? (
          <p className={styles.count}>No e-mail about this booking.</p>
        ) : (
          <StaffTable
            label="E-mails table"
            caption={`E-mails about booking ${c.booking_number}`}
            columns={['Queued', 'Subject', 'To', 'Status']}
          >
            {booking.emails.map((email) => (
              <tr key={email.id}>
                <td className={styles.nowrap}>{when(email.created_at)}</td>
                <td>{email.subject}</td>
                <td>{email.to}</td>
                <td>
                  {MAIL_STATES[email.status]}
                  {email.sent_at ? ` ${when(email.sent_at)}` : ''}
                  {email.status !== 'sent' && email.attempts > 0 ? ` (${email.attempts} attempts)` : ''}
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </Panel>
      <Panel title="Timeline">
        <ol className={sheet.timeline}>
          {booking.timeline.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the list is rebuilt whole each time.
            <li key={index}>
              <span className={styles.nowrap}>{when(event.at)}</span>{' '}
              <span className={sheet.by}>{event.who ?? BY[event.by]}</span> {event.what}
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}

/** Reservations and admins: everything about one booking (/staff/bookings/:number). */
export function StaffBookingPage({ bookingNumber, notice = '' }: { bookingNumber: string; notice?: string }) {
  const booking = useStaffBooking(bookingNumber);
  const [message, setMessage] = useState(notice);
  return (
    <DetailPage
      back={{ to: '/staff/bookings', label: 'Back to bookings' }}
      title={`Booking ${bookingNumber}`}
      head={
        booking.data ? (
          <>
            <StateTag state={booking.data.state} />
            <p className={sheet.day}>
              {booking.data.confirmation.lead_name || 'No details yet'} · booked{' '}
              {when(booking.data.created_at)}
            </p>
          </>
        ) : null
      }
      notice={message}
      query={booking}
      thing="booking"
      missing="There is no booking with this number."
    >
      {(data) => <Body booking={data} onDone={setMessage} />}
    </DetailPage>
  );
}
