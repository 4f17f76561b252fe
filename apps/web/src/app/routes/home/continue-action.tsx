import { STEP_ONE_MESSAGES } from '@links/shared/messages';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import styles from './steps.module.css';

export const CONTINUE_LABEL = 'Continue to contact details';

type ContinueActionProps = {
  canContinue: boolean;
  busy?: boolean;
  /** Step-1 validation messages still standing (spec section 5). */
  problems: string[];
  error?: string | null;
  onContinue?: () => void;
};

/** The step's footer action: disabled, and saying why, until the selection is complete. */
export function ContinueAction({
  canContinue,
  busy = false,
  problems,
  error,
  onContinue,
}: ContinueActionProps) {
  const problemsId = useId();
  return (
    <div className={styles.actions}>
      {error ? (
        <Alert type="error" title="There was an error saving your booking">
          <p>{error}</p>
        </Alert>
      ) : null}
      <Button
        size="lg"
        block
        disabled={!canContinue || busy}
        aria-describedby={problems.length > 0 ? problemsId : undefined}
        onClick={onContinue}
      >
        {busy ? 'Saving your booking…' : canContinue ? CONTINUE_LABEL : STEP_ONE_MESSAGES.continueDisabled}
      </Button>
      {problems.length > 0 ? (
        <ul id={problemsId} className={styles.problems}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <p className={styles.note}>Prices include VAT at 20%. Caddie fees are paid in cash on the day.</p>
    </div>
  );
}
