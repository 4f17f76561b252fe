import { formatMoney } from '@links/shared/money';
import type { PricedBooking } from '@links/shared/pricing';
import { formatSummaryTeeTime } from '@links/shared/uk-time';
import { useIsFetching } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTicketPrices } from '@/features/booking-flow/api/get-ticket-prices';
import {
  GolferPrices,
  netAndVat,
  PriceTotals,
  SummaryRounds,
} from '@/features/booking-flow/components/price-summary';
import { useSaveStepOne } from '@/features/booking-flow/hooks/use-save-step-one';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import { ticketPricesRequestKey } from '@/features/booking-flow/state/booking-reducer';
import type { BookingState } from '@/features/booking-flow/state/booking-state';
import { isStepOneUnchanged } from '@/features/booking-flow/state/step-one-snapshot';
import { canContinueStepOne, stepOneProblems } from '@/features/booking-flow/state/step-one-validation';
import { usePlayerTypes } from '@/features/golfers/api/get-player-types';
import { NO_ANSWER, userMessage } from '@/lib/api-client';
import { ContinueAction } from './continue-action';
import stepStyles from './steps.module.css';
import styles from './summary-step.module.css';

export const TICKET_PRICES_ERROR_TITLE = 'There was an error loading the ticket prices';
export const TICKET_PRICES_FALLBACK = 'There appears to be an error. Please try again before continuing.';

/** The prices the server answered the last save with, in the quote's shape. */
function savedPrices(state: BookingState): PricedBooking {
  return {
    golfers: state.golfers.map((golfer) => ({
      id: golfer.id,
      net_price: golfer.net_price ?? 0,
      total_vat: golfer.total_vat ?? 0,
      total_price: golfer.total_price ?? 0,
      tickets: golfer.tickets ?? [],
      ticket_label: golfer.ticket_label ?? '',
    })),
    totals: state.totals,
  };
}

/** Section 6: tee times, per-golfer prices, net, VAT and Total Payable; caddie fees apart; Continue. */
export function SummaryStep() {
  const { state } = useBooking();
  const playerTypes = usePlayerTypes();
  const requestKey = ticketPricesRequestKey(state);
  const prices = useTicketPrices(requestKey);
  // Unchanged since it was saved (the way back from step 2): the server's prices for it are in the booking state, and
  // Continue goes straight on without asking again.
  const savedAsIs = state.booking.id !== null && isStepOneUnchanged(state);
  // Otherwise the quote for this selection, straight from the query cache (one entry per combination of golfers,
  // courses and dates, so an answer for an earlier selection never shows).
  const quote =
    requestKey === null ? undefined : (prices.data ?? (savedAsIs ? savedPrices(state) : undefined));
  const needsPrices = requestKey !== null && quote === undefined;
  const fetchingDiaries = useIsFetching({ queryKey: ['diary'] }) > 0;
  const stepOne = useSaveStepOne();

  const loading = stepOne.saving || fetchingDiaries || (prices.isFetching && !savedAsIs) || needsPrices;
  const problems = stepOneProblems(state);
  const canContinue = canContinueStepOne(state, quote?.totals.payable ?? 0, loading);
  const typeName = (id: number) => playerTypes.data?.find((type) => type.id === id)?.name ?? 'Golfer';
  const caddieTotal = state.courses.reduce((sum, course) => sum + course.caddiesTotal, 0);

  function onContinue() {
    if (stepOneProblems(state).length === 0 && canContinue && quote) stepOne.save(quote.totals);
  }

  const pricesErrorMessage = userMessage(prices.error, TICKET_PRICES_FALLBACK, {
    ignoreStatuses: [NO_ANSWER],
  });

  return (
    <div className={styles.summary}>
      <SummaryRounds
        courses={state.courses}
        details={(course) => [
          course.teeTime ? formatSummaryTeeTime(new Date(course.teeTime.time)) : 'Choose a tee time',
          course.caddies > 0 ? `${course.caddies} ${course.caddies === 1 ? 'caddie' : 'caddies'}` : null,
        ]}
      />

      {prices.isError ? (
        <Alert type="error" title={TICKET_PRICES_ERROR_TITLE}>
          <p>{pricesErrorMessage}</p>
          <Button variant="secondary" size="sm" onClick={() => void prices.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {requestKey === null ? (
        <div className={stepStyles['summary-empty']}>
          <p>Prices appear here once every course has a tee time.</p>
        </div>
      ) : quote === undefined ? (
        prices.isError ? null : (
          <div className={styles['summary-loading']}>
            <Spinner size="sm" label="Pricing your round" />
          </div>
        )
      ) : (
        <>
          <GolferPrices
            golfers={state.golfers.map((golfer) => {
              const price = quote.golfers.find((line) => line.id === golfer.id);
              return {
                id: golfer.id,
                typeName: typeName(golfer.playerTypeId),
                ticketLabel: price?.ticket_label,
                total: price?.total_price ?? 0,
              };
            })}
          />
          <PriceTotals lines={netAndVat(quote.totals)} payable={quote.totals.payable} />
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
        busy={stepOne.saving}
        problems={problems}
        error={stepOne.error}
        onContinue={onContinue}
      />
    </div>
  );
}
