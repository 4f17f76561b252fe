import { ButtonLink } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { bookingSteps } from '../booking-steps';

/**
 * Spec section 2: 'A Back button goes to the previous step.' A link, as it navigates; what was entered stays in the
 * booking state (steps 2 and 3 copy their edits into it), so the previous step opens as it was left.
 */
export function StepBackLink({ step }: { step: 2 | 3 }) {
  const previous = bookingSteps[step - 2];
  if (!previous) return null;
  return (
    <ButtonLink to={previous.path} variant="secondary" size="lg" block>
      <ArrowLeftIcon width={16} height={16} />
      Back
      <span className="visually-hidden">
        {' '}
        to step {previous.number}: {previous.label}
      </span>
    </ButtonLink>
  );
}
