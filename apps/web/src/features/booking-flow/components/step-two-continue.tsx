import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import layout from '@/components/ui/step-layout.module.css';
import { StepBackLink } from './step-back-link';
import { StepFooterAction } from './step-footer-action';

type StepTwoContinueProps = {
  /** The id of the hint said while the form is incomplete, which the disabled button points to. */
  hintId: string;
  canContinue: boolean;
  /** The button's label: where the details lead next. */
  children: ReactNode;
};

/** Step 2's submit button for either contact form, the hint while it is disabled, and the way back to step 1. */
export function StepTwoContinue({ hintId, canContinue, children }: StepTwoContinueProps) {
  return (
    <StepFooterAction loadingLabel="Saving your details…">
      <Button
        type="submit"
        size="lg"
        block
        disabled={!canContinue}
        aria-describedby={canContinue ? undefined : hintId}
      >
        {children}
      </Button>
      {canContinue ? null : (
        <p id={hintId} className={layout.note}>
          Complete every required field to continue.
        </p>
      )}
      <StepBackLink step={2} />
    </StepFooterAction>
  );
}
