import { operatorPaymentOptions } from '@links/shared/payment-terms';
import type { OperatorPlayerDetails } from '@links/shared/schemas/operator-contact-details';
import { todayInLondon } from '@links/shared/uk-time';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styles from '@/components/ui/step-layout.module.css';
import { useBookingShell } from '@/features/booking-flow/components/booking-shell-context';
import { StepTwoContinue } from '@/features/booking-flow/components/step-two-continue';
import { useSaveStepTwo } from '@/features/booking-flow/hooks/use-save-step-two';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import { useClockOffset } from '@/features/countdown/api/get-clock-offset';
import { methodSchedules } from '../operator-payment-copy';
import { OperatorContactForm, type OperatorFormValues } from './operator-contact-form';

const FORM_ID = 'operator-contact-form';
/** Spec section 9: form edits reach booking state after this pause. */
const AUTOSAVE_DELAY_MS = 500;
const FORM_FIELDS: readonly string[] = [
  'first_name',
  'surname',
  'lead_player_country_code',
  'payment_method',
  'terms_and_conditions_agreed',
];

type ServerErrors = Partial<Record<keyof OperatorFormValues, string>>;

type OperatorContactStepProps = {
  depositPercent: number;
  /** The held booking beside the form (the step-2 summary). */
  summary: ReactNode;
};

/**
 * Step 2 for a signed-in tour operator (spec section 2): the operator form with the payment options of its rounds,
 * the 500 ms autosave into booking state, and Continue through the shared step-2 save (useSaveStepTwo): 'offline'
 * goes to the confirmation page the server returns, the card methods to /payment-details.
 */
export function OperatorContactStep({ depositPercent, summary }: OperatorContactStepProps) {
  const { state, dispatch } = useBooking();
  const { loading } = useBookingShell();
  const { playerDetails, courses, totals } = state;
  const [valid, setValid] = useState(false);
  const [method, setMethod] = useState(playerDetails.payment_method);
  const [serverErrors, setServerErrors] = useState<ServerErrors>();

  const playDates = useMemo(() => courses.map((course) => course.playDate), [courses]);
  const options = useMemo(
    () => (playDates.length > 0 ? operatorPaymentOptions(playDates, todayInLondon(), depositPercent) : []),
    [playDates, depositPercent],
  );
  // The server's clock as far as the page knows it (the countdown's offset), so the dates shown are the dates the
  // server will record when Continue is pressed.
  const clockOffset = useClockOffset(true) ?? 0;
  const schedules = useMemo(
    () =>
      playDates.length > 0
        ? methodSchedules(
            options.map((option) => option.method),
            {
              bookedAt: new Date(Date.now() + clockOffset),
              playDates,
              totalPence: totals.payable,
              depositPercent,
            },
          )
        : {},
    [options, playDates, totals.payable, depositPercent, clockOffset],
  );

  const initialValues = useRef<OperatorFormValues>({
    first_name: playerDetails.first_name,
    surname: playerDetails.surname,
    lead_player_country_code: playerDetails.lead_player_country_code,
    payment_method: playerDetails.payment_method,
    terms_and_conditions_agreed: playerDetails.terms_and_conditions_agreed,
  }).current;

  // The edits waiting for the pause to end; leaving the page (Back, the step bar) copies them at once.
  const autosave = useRef<{ timer: number; flush: () => void } | undefined>(undefined);
  useEffect(
    () => () => {
      if (!autosave.current) return;
      window.clearTimeout(autosave.current.timer);
      autosave.current.flush();
    },
    [],
  );
  const onValuesChange = useCallback(
    (values: OperatorFormValues) => {
      setMethod(values.payment_method);
      window.clearTimeout(autosave.current?.timer);
      const flush = () => {
        autosave.current = undefined;
        dispatch({ type: 'player-details/set', details: values });
      };
      autosave.current = { timer: window.setTimeout(flush, AUTOSAVE_DELAY_MS), flush };
    },
    [dispatch],
  );

  const placeFieldErrors = useCallback((fields: Record<string, string>) => {
    const placed: ServerErrors = {};
    const unplaced: string[] = [];
    for (const [path, message] of Object.entries(fields)) {
      if (FORM_FIELDS.includes(path)) placed[path as keyof OperatorFormValues] = message;
      else unplaced.push(message);
    }
    setServerErrors(placed);
    return unplaced;
  }, []);
  const save = useSaveStepTwo<OperatorPlayerDetails>({
    errorCode: 'ERR-021',
    onFieldErrors: placeFieldErrors,
  });

  const submit = (details: OperatorPlayerDetails) => {
    window.clearTimeout(autosave.current?.timer);
    autosave.current = undefined;
    dispatch({ type: 'player-details/set', details: { ...details, validated: true } });
    void save(details);
  };

  const canContinue = valid && !loading;
  return (
    <OperatorContactForm
      id={FORM_ID}
      initialValues={initialValues}
      options={options}
      payablePence={totals.payable}
      depositPercent={depositPercent}
      schedules={schedules}
      onValuesChange={onValuesChange}
      onValidityChange={setValid}
      onSubmit={submit}
      serverErrors={serverErrors}
      aside={
        <aside className={styles.aside} aria-label="Your booking">
          <div className={styles.card}>
            <h2 className={styles['card-title']}>Your booking</h2>
            {summary}
            <StepTwoContinue hintId={`${FORM_ID}-hint`} canContinue={canContinue}>
              {method === 'offline' ? 'Confirm booking' : 'Continue to payment'}
            </StepTwoContinue>
            <p className={styles.note}>
              {method === 'offline'
                ? 'Nothing is charged now: your booking is confirmed straight away.'
                : 'Card payments are taken securely on the next step.'}
            </p>
          </div>
        </aside>
      }
    />
  );
}
