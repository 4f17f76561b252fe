import { depositPence, operatorPaymentOptions } from '@links/shared/payment-terms';
import type { OperatorPlayerDetails } from '@links/shared/schemas/operator-contact-details';
import { todayInLondon } from '@links/shared/uk-time';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useBookingShell } from '../../booking-flow/components/booking-shell-context';
import { StepFooterAction } from '../../booking-flow/components/step-footer-action';
import { useBooking } from '../../booking-flow/state/booking-context';
import { saveOperatorDetails } from '../api/save-operator-details';
import { OPERATOR_DETAILS_ERROR_FALLBACK, OPERATOR_DETAILS_ERROR_HEADING } from '../operator-payment-copy';
import { OperatorContactForm, type OperatorFormValues } from './operator-contact-form';
import styles from './operator-contact-step.module.css';

const FORM_ID = 'operator-contact-form';
const AUTOSAVE_DELAY_MS = 500;
const FORM_FIELDS = [
  'first_name',
  'surname',
  'lead_player_country_code',
  'payment_method',
  'terms_and_conditions_agreed',
] as const;

type ServerErrors = Partial<Record<keyof OperatorFormValues, string>>;

function serverFieldErrors(error: unknown): ServerErrors | undefined {
  if (!(error instanceof ApiError) || !error.fields) return undefined;
  const result: ServerErrors = {};
  for (const field of FORM_FIELDS) {
    const message = error.fields[field];
    const text = Array.isArray(message) ? message[0] : message;
    if (text) result[field] = text;
  }
  return result;
}

/**
 * Step 2 for a signed-in tour operator: the operator form, its 500 ms autosave into the booking state, and
 * Continue (spec section 4): unchanged since the last save goes straight on; otherwise PATCH the details, then
 * 'offline' opens the confirmation page the server returns and the others go on to /payment-details.
 */
export function OperatorContactStep({ depositPercent }: { depositPercent: number }) {
  const { state, dispatch } = useBooking();
  const shell = useBookingShell();
  const navigate = useNavigate();
  const { booking, playerDetails, courses, totals, lastSaved } = state;
  const [valid, setValid] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>();
  const [method, setMethod] = useState(playerDetails.payment_method);

  const playDates = useMemo(() => courses.map((course) => course.playDate), [courses]);
  const options = useMemo(
    () => (playDates.length > 0 ? operatorPaymentOptions(playDates, todayInLondon(), depositPercent) : []),
    [playDates, depositPercent],
  );
  const depositAmount = depositPercent > 0 ? depositPence(totals.payable, depositPercent) : 0;

  const initialValues = useRef<OperatorFormValues>({
    first_name: playerDetails.first_name,
    surname: playerDetails.surname,
    lead_player_country_code: playerDetails.lead_player_country_code,
    payment_method: playerDetails.payment_method,
    terms_and_conditions_agreed: playerDetails.terms_and_conditions_agreed,
  }).current;

  const autosaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onValuesChange = useCallback(
    (values: OperatorFormValues) => {
      setMethod(values.payment_method);
      if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
      autosaveTimer.current = setTimeout(() => {
        dispatch({ type: 'player-details/set', details: values });
      }, AUTOSAVE_DELAY_MS);
    },
    [dispatch],
  );
  useEffect(
    () => () => {
      if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
    },
    [],
  );

  const submit = async (details: OperatorPlayerDetails) => {
    if (booking.id === null) return;
    shell.showError(null);
    setServerErrors(undefined);
    dispatch({ type: 'player-details/set', details: { ...details, validated: true } });
    if (
      details.payment_method !== 'offline' &&
      booking.payment_intent &&
      JSON.stringify(lastSaved.step2) === JSON.stringify(details)
    ) {
      navigate(paths.paymentDetails.getHref());
      return;
    }
    shell.startLoading();
    dispatch({ type: 'booking/submitting', submitted: true });
    try {
      const saved = await saveOperatorDetails(booking.id, details);
      if (saved.confirmation_url !== null) {
        // Nothing is paid by card: the booking is made and the flow starts afresh after the confirmation.
        navigate(saved.confirmation_url);
        dispatch({ type: 'booking/reset' });
        return;
      }
      const intent = saved.payment_intent;
      dispatch({
        type: 'details/saved',
        paymentIntent: {
          id: intent.id,
          client_secret: intent.client_secret ?? '',
          status: intent.status,
          amount: intent.amount,
          metadata: intent.metadata,
        },
        snapshot: details,
      });
      navigate(paths.paymentDetails.getHref());
    } catch (error) {
      dispatch({ type: 'booking/submitting', submitted: false });
      setServerErrors(serverFieldErrors(error));
      shell.showError({
        title: OPERATOR_DETAILS_ERROR_HEADING,
        message: error instanceof ApiError && error.message ? error.message : OPERATOR_DETAILS_ERROR_FALLBACK,
      });
    }
  };

  return (
    <div className={styles.step}>
      <OperatorContactForm
        id={FORM_ID}
        initialValues={initialValues}
        options={options}
        payablePence={totals.payable}
        depositPercent={depositPercent}
        depositAmountPence={depositAmount}
        onValuesChange={onValuesChange}
        onValidityChange={setValid}
        onSubmit={(details) => void submit(details)}
        serverErrors={serverErrors}
      />
      <StepFooterAction loadingLabel="Saving your details…">
        <div className={styles.actions}>
          <ButtonLink to={paths.home.getHref()} variant="secondary" size="lg">
            Back
          </ButtonLink>
          <Button type="submit" form={FORM_ID} size="lg" disabled={!valid}>
            {method === 'offline' ? 'Confirm booking' : 'Continue to payment'}
          </Button>
        </div>
      </StepFooterAction>
    </div>
  );
}
