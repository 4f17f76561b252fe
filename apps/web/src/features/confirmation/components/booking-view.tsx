import { MAX_GOLFERS } from '@links/shared/constants';
import { formatMoney, pluralize } from '@links/shared/money';
import type { Confirmation, ConfirmationCourse } from '@links/shared/schemas/confirmation';
import { CONFIRMATION_MESSAGES } from '@links/shared/schemas/confirmation-messages';
import { formatConfirmationTeeTime, formatLongDate, londonDate } from '@links/shared/uk-time';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ExternalLink } from '@/components/layouts/external-link';
import { Alert } from '@/components/ui/alert';
import { BookingDocuments } from '@/components/ui/booking-documents';
import { Button, buttonClassName } from '@/components/ui/button';
import { useModal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { pageLinks } from '@/config/page-links';
import { CourseImage } from '@/features/courses/course-image';
import { useHydrated } from '@/hooks/use-hydrated';
import styles from './booking-view.module.css';
import { type BookingPartProps, CaddieManager } from './caddie-manager';
import { GolferNames } from './golfer-names';
import { RestaurantWidget } from './restaurant-widget';

// The card form's chunk, fetched only for a booking that owes something.
const PayDue = lazy(() => import('./pay-due'));

export const DUE_TITLE = 'A payment is due on this booking';
export const PLAYED_TITLE = 'Thanks for playing';
export const NO_TEE_TIME = 'No tee time selected yet';
export const CHANGES_TITLE = 'Need to make changes?';

const phoneHref = `tel:${env.reservationsPhone.replace(/\s+/g, '')}`;

function teeTimeText(course: ConfirmationCourse): string {
  return course.tee_time ? formatConfirmationTeeTime(new Date(course.tee_time)) : NO_TEE_TIME;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles['section-title']}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `first`: the first round's picture, on a phone the page's largest paint, is fetched at once and first. */
/** `group`: a tour operator's group (issue 24), whose rounds each hold part of it: each card says how many. */
function CourseCard({
  course,
  first,
  group,
}: {
  course: ConfirmationCourse;
  first: boolean;
  group: boolean;
}) {
  return (
    <li className={styles.course}>
      <div className={styles['course-media']}>
        <CourseImage
          image={course.image}
          sizes="(max-width: 767px) 100vw, 220px"
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
        />
      </div>
      <div className={styles['course-body']}>
        <h3 className={styles['course-name']}>{course.name}</h3>
        <p className={styles['tee-time']}>
          {teeTimeText(course)}
          {group ? `, ${course.players} golfers` : ''}
        </p>
        <ExternalLink className={styles['guide-link']} href={course.guide_url}>
          Course guide<span className="visually-hidden"> for the {course.name}</span>
        </ExternalLink>
      </div>
    </li>
  );
}

/** A plain link: the .ics route needs no API headers, and this session may read it (signed link or PIN). */
function CalendarLink({ confirmation }: { confirmation: Confirmation }) {
  return (
    <a
      className={buttonClassName({ variant: 'secondary', block: true })}
      href={confirmation.calendar_url}
      download={`tee-times-${confirmation.booking_number}.ics`}
    >
      Add to calendar
    </a>
  );
}

/**
 * Spec section 2, /confirmation/{booking_number}: the confirmed booking, its dues, caddies and the sidebar (a
 * cancelled booking has its own page, CancelledBooking).
 */
export function BookingView({ confirmation, now, onUpdated }: BookingPartProps) {
  const modal = useModal();
  const hydrated = useHydrated();
  const played = confirmation.has_played;
  const caddieRounds = confirmation.courses.filter((course) => course.caddies > 0);
  // Once open, the payment section stays (with its thanks) after the last payment brings the due to nothing.
  const [payable, setPayable] = useState(false);
  const owes = !played && confirmation.status === 'confirmed' && confirmation.totals.due > 0;
  if (owes && !payable) setPayable(true);

  function openRestaurantWidget() {
    modal.open(
      <RestaurantWidget
        url={pageLinks.restaurantWidgetUrl}
        title="Restaurant table booking"
        fallbackUrl={pageLinks.restaurantsUrl}
      />,
      {
        title: 'Book a table',
        size: 'lg',
      },
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        {played ? (
          <Alert type="success" title={PLAYED_TITLE}>
            <p>
              We hope you enjoyed your {pluralize(confirmation.courses.length, 'round')} on the links. We
              would love to hear how your day went.
            </p>
          </Alert>
        ) : confirmation.totals.due > 0 ? (
          <Alert type="error" title={DUE_TITLE}>
            <p>
              A balance of <strong>{formatMoney(confirmation.totals.due)}</strong> remains to be paid
              {confirmation.balance_due_at
                ? ` by ${formatLongDate(londonDate(new Date(confirmation.balance_due_at)))}`
                : ''}
              . Pay it by card below, or call our reservations team on{' '}
              <a className={styles.nowrap} href={phoneHref}>
                {env.reservationsPhone}
              </a>
              .
            </p>
          </Alert>
        ) : null}

        {payable ? (
          <Section id="pay-due" title="Pay online">
            <Suspense fallback={<Spinner label="Loading the payment form" />}>
              <PayDue confirmation={confirmation} onPaid={onUpdated} />
            </Suspense>
          </Section>
        ) : null}

        <Section id="booking-details" title="Booking details">
          <dl className={styles.facts}>
            <div>
              <dt>Booking number</dt>
              <dd>{confirmation.booking_number}</dd>
            </div>
            <div>
              <dt>Amount paid</dt>
              <dd>{formatMoney(confirmation.amount_paid)}</dd>
            </div>
            <div>
              <dt>Number of golfers</dt>
              <dd>{confirmation.golfer_count}</dd>
            </div>
          </dl>
          <ul className={styles.courses}>
            {confirmation.courses.map((course, index) => (
              <CourseCard
                key={`${course.id}-${course.tee_time}`}
                course={course}
                first={index === 0}
                group={confirmation.golfer_count > MAX_GOLFERS}
              />
            ))}
          </ul>
        </Section>

        <Section id="price-breakdown" title="Price breakdown">
          <table className={styles.prices}>
            <caption className="visually-hidden">Price per golfer type, VAT and total</caption>
            <tbody>
              {confirmation.price_breakdown.map((line) => (
                <tr key={line.player_type_id}>
                  <th scope="row">
                    {line.count} x {line.player_type} {pluralize(line.count, 'golfer')}
                  </th>
                  <td>{formatMoney(line.total)}</td>
                </tr>
              ))}
              <tr className={styles.rule}>
                <th scope="row">Subtotal</th>
                <td>{formatMoney(confirmation.subtotal)}</td>
              </tr>
              <tr>
                <th scope="row">VAT at 20%</th>
                <td>{formatMoney(confirmation.vat)}</td>
              </tr>
              <tr className={styles.total}>
                <th scope="row">Total price</th>
                <td>{formatMoney(confirmation.total)}</td>
              </tr>
            </tbody>
          </table>
        </Section>

        {confirmation.statement && confirmation.statement.length > 0 ? (
          <Section id="payments" title="Payments">
            <table className={styles.prices}>
              <caption className="visually-hidden">
                Payments and refunds, oldest first, and what is due
              </caption>
              <tbody>
                {confirmation.statement.map((line) => (
                  <tr key={`${line.at}-${line.kind}-${line.amount}`}>
                    <th scope="row">
                      {`${line.description}, ${formatLongDate(londonDate(new Date(line.at)))}`}
                      {line.pending ? ' (being processed)' : ''}
                    </th>
                    <td>{formatMoney(line.amount)}</td>
                  </tr>
                ))}
                <tr className={styles.total}>
                  <th scope="row">
                    {confirmation.totals.due > 0 && confirmation.status !== 'cancelled'
                      ? `Due${confirmation.balance_due_at ? ` by ${formatLongDate(londonDate(new Date(confirmation.balance_due_at)))}` : ''}`
                      : 'Due'}
                  </th>
                  <td>{formatMoney(confirmation.status === 'cancelled' ? 0 : confirmation.totals.due)}</td>
                </tr>
              </tbody>
            </table>
            <BookingDocuments
              documents={confirmation.invoices}
              detail={(document) =>
                ` (PDF): ${formatMoney(document.amount)}, ${formatLongDate(londonDate(new Date(document.issued_at)))}`
              }
              headingClassName={styles['sub-title']}
              listClassName={styles.documents}
            />
          </Section>
        ) : null}

        <Section id="other-dues" title="Other dues paid at play">
          {caddieRounds.length === 0 ? (
            <p className={styles.muted}>No caddies are booked, so nothing is due on the day.</p>
          ) : (
            <table className={styles.prices}>
              <caption className="visually-hidden">Caddie fees per course, paid in cash at play</caption>
              <tbody>
                {caddieRounds.map((course) => (
                  <tr key={`${course.id}-${course.tee_time}`}>
                    <th scope="row">
                      {course.name}: {course.caddies} {pluralize(course.caddies, 'caddie')} at{' '}
                      {formatMoney(course.caddie_price)}
                    </th>
                    <td>{formatMoney(course.caddie_total)}</td>
                  </tr>
                ))}
                <tr className={styles.total}>
                  <th scope="row">Total caddie fees</th>
                  <td>{formatMoney(confirmation.caddie_total)}</td>
                </tr>
              </tbody>
            </table>
          )}
          <p className={styles.note}>Caddie fees are paid in cash to your caddie on the day.</p>
        </Section>

        {confirmation.golfer_names && confirmation.status === 'confirmed' && !played ? (
          <Section id="golfer-names" title="Golfers' names">
            <GolferNames confirmation={confirmation} onUpdated={onUpdated} />
          </Section>
        ) : null}

        {!played ? (
          <Section id="manage-caddies" title="Manage your caddies">
            {/* A group's caddies are spread over its consecutive tee times (issue 24): the desk changes them. */}
            {confirmation.golfer_count > MAX_GOLFERS ? (
              <p className={styles.muted}>{CONFIRMATION_MESSAGES.groupCaddies}</p>
            ) : (
              <CaddieManager confirmation={confirmation} now={now} onUpdated={onUpdated} />
            )}
          </Section>
        ) : null}
      </div>

      <aside className={styles.sidebar} aria-label="Before and after your round">
        <div className={`${styles.panel} ${styles.feature} on-dark`}>
          <h2 className={styles['panel-title']}>Your tee times</h2>
          <p className={styles.muted}>Keep every round in your calendar, in UK time.</p>
          <CalendarLink confirmation={confirmation} />
        </div>
        {!played ? (
          <div className={styles.panel}>
            <h2 className={styles['panel-title']}>{CHANGES_TITLE}</h2>
            <p className={styles.muted}>Our reservations team will be glad to help.</p>
            <ul className={styles.contact}>
              <li>
                <span className={styles['contact-kind']}>Phone</span>
                <a href={phoneHref}>{env.reservationsPhone}</a>
              </li>
              <li>
                <span className={styles['contact-kind']}>E-mail</span>
                <a href={`mailto:${env.reservationsEmail}?subject=Booking%20${confirmation.booking_number}`}>
                  {env.reservationsEmail}
                </a>
              </li>
            </ul>
          </div>
        ) : null}
        <div className={styles.panel}>
          <h2 className={styles['panel-title']}>Dine with us</h2>
          <p className={styles.muted}>
            Round off your day in our clubhouse restaurants overlooking the links.
          </p>
          {/* A server-rendered page's click before hydration would be lost: the button waits for it. */}
          <Button variant="gold" block onClick={openRestaurantWidget} disabled={!hydrated}>
            Book a table
          </Button>
          <ExternalLink className={styles['panel-link']} href={pageLinks.restaurantsUrl}>
            Our restaurants
          </ExternalLink>
        </div>
        <div className={styles.panel}>
          <h2 className={styles['panel-title']}>Pro shop</h2>
          <p className={styles.muted}>
            {played
              ? 'Balls, gloves and links-branded gifts to remember your round.'
              : 'Balls, gloves and links-branded gifts before you tee off.'}
          </p>
          <ExternalLink className={styles['panel-link']} href={pageLinks.proShopUrl}>
            Visit the pro shop
          </ExternalLink>
        </div>
        <div className={styles.panel}>
          <h2 className={styles['panel-title']}>How was your experience?</h2>
          <p className={styles.muted}>Tell us how we did in our short feedback survey.</p>
          <ExternalLink className={styles['panel-link']} href={env.surveyUrl}>
            Take the feedback survey
          </ExternalLink>
        </div>
      </aside>
    </div>
  );
}
