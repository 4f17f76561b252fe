import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/ui/form-status';
import styles from './account-forms.module.css';

type FormActionsProps = {
  pending: boolean;
  /** What the submit button says while its request is pending ('Saving...'). */
  busy: string;
  /** The submit button's label. */
  children: ReactNode;
  /** Another action beside it (Discard changes). */
  beside?: ReactNode;
};

/** The foot of an account form: its submit button, and whatever else the form offers beside it. */
export function FormActions({ pending, busy, children, beside }: FormActionsProps) {
  return (
    <div className={styles.actions}>
      <SubmitButton pending={pending} busy={busy}>
        {children}
      </SubmitButton>
      {beside}
    </div>
  );
}
