import type { ReactNode } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { type MessageRule, userMessage } from '@/lib/api-client';
import { Alert } from './alert';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

// What a form says about its request: the submit button while it is pending, and the banner when it failed.

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

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'disabled'> & PendingLabelProps;

/**
 * The form's submit button: disabled and marked busy while its request is pending, so it cannot be sent twice, and
 * disabled in prerendered markup until the page is hydrated (see useHydrated).
 */
export function SubmitButton({ pending, busy, children, ...button }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={pending || !hydrated} aria-busy={pending} {...button}>
      <PendingLabel pending={pending} busy={busy}>
        {children}
      </PendingLabel>
    </Button>
  );
}

type FailureAlertProps = {
  /** The failed request's error; nothing shows without one. */
  error: unknown;
  title: string;
  /** What the banner says when the answer carried no message of its own (spec section 8's fallbacks). */
  fallback: string;
  rule?: MessageRule;
  onDismiss: () => void;
};

/** The banner of a failed request: its heading and the API's message (or the fallback); dismissing it clears it. */
export function FailureAlert({ error, title, fallback, rule, onDismiss }: FailureAlertProps) {
  if (!error) return null;
  return (
    <Alert type="error" title={title} onDismiss={onDismiss}>
      <p>{userMessage(error, fallback, rule)}</p>
    </Alert>
  );
}

type Mutation = { error: unknown; reset: () => void };

export type MutationFailureAlertProps = Omit<FailureAlertProps, 'error' | 'onDismiss'> & {
  mutation: Mutation | readonly Mutation[];
};

/** A failed mutation's banner (the first failed of several mutations'); dismissing it clears their errors. */
export function MutationFailureAlert({ mutation, ...banner }: MutationFailureAlertProps) {
  const all: readonly Mutation[] = Array.isArray(mutation) ? mutation : [mutation];
  return (
    <FailureAlert
      error={all.find((each) => each.error)?.error}
      onDismiss={() => {
        for (const each of all) each.reset();
      }}
      {...banner}
    />
  );
}
