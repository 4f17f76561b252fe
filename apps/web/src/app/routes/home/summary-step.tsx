import { formatMoney } from '@links/shared/money';
import { formatSummaryTeeTime } from '@links/shared/uk-time';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useTicketPrices } from '../../../features/booking-flow/api/get-ticket-prices';
import {
  SAVE_BOOKING_FALLBACK,
  SAVE_BOOKING_RULE,
  saveBooking,
} from '../../../features/booking-flow/api/save-booking';
import { useBooking } from '../../../features/booking-flow/state/booking-context';
import { ticketPricesRequestKey } from '../../../features/booking-flow/state/booking-reducer';
import { isStepOneUnchanged, stepOneSnapshot } from '../../../features/booking-flow/state/step-one-snapshot';
import {
  canContinueStepOne,
  stepOneProblems,
} from '../../../features/booking-flow/state/step-one-validation';
import { usePlayerTypes } from '../../../features/golfers/api/get-player-types';
import { ApiError, userMessage } from '../../../lib/api-client';
import { ContinueAction } from './continue-action';
import styles from './summary-step.module.css';

export const TICKET_PRICES_ERROR_TITLE = 'There was an error loading the ticket prices';
export const TICKET_PRICES_FALLBACK = 'There appears to be an error. Please try again before continuing.';

/** Section 6: tee times, per-golfer prices, net, VAT and Total Payable; caddie fees apart; Continue. */
export function SummaryStep() {
  const { state, dispatch } = useBooking();
  const navigate = useNavigate();
  const playerTypes = usePlayerTypes();
  const requestKey = ticketPricesRequestKey(state);
  const prices = useTicketPrices(requestKey);
  const needsPrices = requestKey !== null && state.golfers.some((golfer) => golfer.total_price === undefined);
  const fetchingDiaries = useIsFetching({ queryKey: ['diary'] }) > 0;
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  // Spec section 4: the answer updates each golfer's prices and the totals (for the selection it was asked for).
  useEffect(() => {
    if (prices.data && requestKey && needsPrices) {
      dispatch({ type: 'prices/loaded', requestKey, priced: prices.data });
    }
  }, [prices.data, requestKey, needsPrices, dispatch]);

  const loading = saving || fetchingDiaries || prices.isFetching || needsPrices;
  const problems = stepOneProblems(state);
  const canContinue = canContinueStepOne(state, loading);
  const typeName = (id: number) => playerTypes.data?.find((type) => type.id === id)?.name ?? 'Golfer';
  const caddieTotal = state.courses.reduce((sum, course) => sum + course.caddiesTotal, 0);

  async function onContinue() {
    if (stepOneProblems(state).length > 0 || !canContinue) return;
    setSaveError(null);
    if (isStepOneUnchanged(state) && state.booking.id !== null) {
      navigate(paths.contactDetails.getHref());
      return;
    }
    setSaving(true);
    dispatch({ type: 'booking/submitting', submitted: true });
    try {
      const saved = await saveBooking(state);
      dispatch({
        type: 'booking/saved',
        id: saved.booking_id,
        dateCreated: saved.date_created,
        snapshot: stepOneSnapshot(state),
      });
      navigate(paths.contactDetails.getHref());
    } catch (error) {
      dispatch({ type: 'booking/submitting', submitted: false });
      setSaveError(userMessage(error, SAVE_BOOKING_FALLBACK, SAVE_BOOKING_RULE));
    } finally {
      setSaving(false);
    }
  }

  const priced = requestKey !== null && !needsPrices;
  const pricesErrorMessage =
    prices.isError && prices.error instanceof ApiError && prices.error.status !== 0 && prices.error.message
      ? prices.error.message
      : TICKET_PRICES_FALLBACK;

  return (
    <div className={styles.summary}>
      <ul className={styles['summary-courses']}>
        {state.courses.map((course) => (
          <li key={course.id}>
            <span className={styles['summary-course']}>{course.name}</span>
            <span className={styles['summary-time']}>
              {course.teeTime ? formatSummaryTeeTime(new Date(course.teeTime.time)) : 'Choose a tee time'}
            </span>
            {course.caddies > 0 ? (
              <span className={styles['summary-caddies']}>
                {course.caddies} {course.caddies === 1 ? 'caddie' : 'caddies'}
              </span>
            ) : null}
          </li>
        ))}
      </ul>

      {prices.isError ? (
        <Alert type="error" title={TICKET_PRICES_ERROR_TITLE}>
          <p>{pricesErrorMessage}</p>
          <Button variant="secondary" size="sm" onClick={() => void prices.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {requestKey === null ? (
        <div className={styles['summary-empty']}>
          <p>Prices appear here once every course has a tee time.</p>
        </div>
      ) : !priced ? (
        prices.isError ? null : (
          <div className={styles['summary-loading']}>
            <Spinner size="sm" label="Pricing your round" />
          </div>
        )
      ) : (
        <>
          <dl className={styles.prices}>
            {state.golfers.map((golfer) => (
              <div key={golfer.id} className={styles['price-row']}>
                <dt>
                  Golfer {golfer.id}{' '}
                  <span className={styles['price-type']}>{typeName(golfer.playerTypeId)}</span>
                  {golfer.ticket_label ? (
                    <span className={styles['price-ticket']}>{golfer.ticket_label}</span>
                  ) : null}
                </dt>
                <dd>{formatMoney(golfer.total_price ?? 0)}</dd>
              </div>
            ))}
          </dl>
          <dl className={styles.totals}>
            <div>
              <dt>Net</dt>
              <dd>{formatMoney(state.totals.net)}</dd>
            </div>
            <div>
              <dt>VAT at 20%</dt>
              <dd>{formatMoney(state.totals.vat)}</dd>
            </div>
            <div className={styles.payable}>
              <dt>Total Payable</dt>
              <dd>{formatMoney(state.totals.payable)}</dd>
            </div>
          </dl>
          {caddieTotal > 0 ? (
            <p className={styles['caddie-total']}>
              <span>Caddie fees, paid in cash on the day</span>
              <span>{formatMoney(caddieTotal)}</span>
            </p>
          ) : null}
        </>
      )}

      <ContinueAction
        canContinue={canContinue}
        busy={saving}
        problems={problems}
        error={saveError}
        onContinue={() => void onContinue()}
      />
    </div>
  );
}
