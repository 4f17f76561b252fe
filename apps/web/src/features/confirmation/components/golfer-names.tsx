import type { Confirmation } from '@links/shared/schemas/confirmation';
import { GOLFER_NAME_MAX_LENGTH, GOLFER_NAMES_MESSAGES } from '@links/shared/schemas/golfer-names';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/form-status';
import { env } from '@/config/env';
import { apiRequest, userMessage } from '@/lib/api-client';
import { CONFIRMATION_MESSAGE_RULE } from '../api/confirmation-api';
import styles from './booking-view.module.css';

const FAILED = 'The names could not be saved. Please try again in a moment.';

/**
 * Issue 24: a tour operator names the golfers of their booking until the deadline (NAMES_DEADLINE_DAYS before the
 * first round); the page says how many are missing, and after the deadline shows them without a form.
 */
export function GolferNames({
  confirmation,
  onUpdated,
}: {
  confirmation: Confirmation;
  onUpdated: (confirmation: Confirmation) => void;
}) {
  const state = confirmation.golfer_names;
  const [names, setNames] = useState(() => confirmation.golfers.map((golfer) => golfer.name ?? ''));
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  if (!state) return null;
  const deadline = formatLongDate(londonDate(new Date(state.deadline)));
  const tooLong = names.map((name) => name.trim().length > GOLFER_NAME_MAX_LENGTH);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (pending || tooLong.some(Boolean)) return;
    setPending(true);
    setResult(null);
    try {
      const updated = await apiRequest<Confirmation>(
        `/bookings/${encodeURIComponent(confirmation.booking_number)}/golfer-names`,
        {
          method: 'PUT',
          body: {
            booking_id: confirmation.booking_number,
            golfers: confirmation.golfers.map((golfer, index) => ({
              id: golfer.id,
              name: names[index] ?? '',
            })),
          },
        },
      );
      onUpdated(updated);
      setNames(updated.golfers.map((golfer) => golfer.name ?? ''));
      setResult({ ok: true, text: GOLFER_NAMES_MESSAGES.saved });
    } catch (error) {
      setResult({ ok: false, text: userMessage(error, FAILED, CONFIRMATION_MESSAGE_RULE) });
    } finally {
      setPending(false);
      // Said where the operator is looking, and focused (the form may be below the fold on a phone).
      requestAnimationFrame(() => resultRef.current?.focus());
    }
  }

  const missing =
    state.missing === 0
      ? 'Every golfer is named.'
      : `${state.missing} of ${confirmation.golfers.length} ${confirmation.golfers.length === 1 ? 'name is' : 'names are'} missing.`;

  if (!state.editable) {
    return (
      <>
        <p className={styles.muted}>
          {`${missing} Names could be changed here until ${deadline}; to change them now, please call our reservations team on ${env.reservationsPhone}.`}
        </p>
        <ol className={styles.documents}>
          {confirmation.golfers.map((golfer) => (
            <li key={golfer.id}>{`${golfer.name || 'Not named'} (${golfer.player_type})`}</li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <form
      className={styles['names-form']}
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label="Golfers' names"
    >
      <p className={styles.muted}>{`Please name every golfer by ${deadline}. ${missing}`}</p>
      <div ref={resultRef} tabIndex={-1} className={styles['names-result']}>
        {result ? (
          <Alert type={result.ok ? 'success' : 'error'} onDismiss={() => setResult(null)}>
            <p>{result.text}</p>
          </Alert>
        ) : null}
      </div>
      <div className={styles['names-grid']}>
        {confirmation.golfers.map((golfer, index) => (
          <TextField
            key={golfer.id}
            label={`Golfer ${golfer.id} (${golfer.player_type})`}
            autoComplete="off"
            value={names[index] ?? ''}
            error={tooLong[index] ? GOLFER_NAMES_MESSAGES.tooLong : undefined}
            onChange={(event) =>
              setNames((current) => current.map((name, at) => (at === index ? event.target.value : name)))
            }
          />
        ))}
      </div>
      <div>
        <SubmitButton pending={pending} busy="Saving...">
          Save names
        </SubmitButton>
      </div>
    </form>
  );
}
