import type { ReactNode } from 'react';
import { Spinner } from './spinner';

type PendingLabelProps = {
  pending: boolean;
  /** What the button says while its request is pending, beside a light spinner ('Saving...'). */
  busy: string;
  children: ReactNode;
};

/** A submit button's content: its label, or a spinner and `busy` while the request is pending. */
export function PendingLabel({ pending, busy, children }: PendingLabelProps) {
  return pending ? (
    <>
      <span aria-hidden="true">
        <Spinner variant="light" size="sm" />
      </span>
      {busy}
    </>
  ) : (
    children
  );
}
