import { caddieCountOptions } from '@links/shared/caddies';
import { formatMoney } from '@links/shared/money';
import type { Confirmation, ConfirmationCourse } from '@links/shared/schemas/confirmation';
import { CONFIRMATION_MESSAGES } from '@links/shared/schemas/confirmation-messages';
import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { userMessage } from '@/lib/api-client';
import { CADDIES_UPDATE_FALLBACK, CONFIRMATION_MESSAGE_RULE, updateCaddies } from '../api/confirmation-api';
import styles from './caddie-manager.module.css';

const DAY_MS = 86_400_000;

/** A round's caddies can change while its cut-off (tee time minus 24 hours) is ahead on the corrected clock. */
export function isRoundEditable(course: ConfirmationCourse, now: number): boolean {
  if (!course.caddies_editable || course.caddie_cutoff === null) return false;
  return Date.parse(course.caddie_cutoff) > now;
}

export type CaddieNotice = { type: 'warning' | 'alert'; title: string; text: string };

/**
 * Spec section 4: the notice is a warning while the next cut-off is more than a day away and an alert under a
 * day; once every round is inside 24 hours, everything is locked.
 */
export function caddieNotice(courses: ConfirmationCourse[], now: number): CaddieNotice {
  const open = courses
    .filter((course) => isRoundEditable(course, now))
    .sort((a, b) => Date.parse(a.caddie_cutoff ?? '') - Date.parse(b.caddie_cutoff ?? ''));
  const next = open[0];
  if (!next || next.caddie_cutoff === null) {
    return {
      type: 'alert',
      title: 'Caddies can no longer be changed online',
      text: `Every round is now less than 24 hours away. To change your caddies, please call us on ${env.reservationsPhone}.`,
    };
  }
  const cutoff = formatConfirmationTeeTime(new Date(next.caddie_cutoff));
  const left = Date.parse(next.caddie_cutoff) - now;
  if (left < DAY_MS) {
    return {
      type: 'alert',
      title: 'Less than a day left to change your caddies',
      text: `Caddies for the ${next.name} can be changed until ${cutoff}, 24 hours before the tee time.`,
    };
  }
  return {
    type: 'warning',
    title: 'Caddies can be changed until 24 hours before each tee time',
    text: `Changes for the ${next.name} close on ${cutoff}. Caddie fees are paid in cash on the day.`,
  };
}

/** What the booking page and its parts that change the booking take. */
export type BookingPartProps = {
  confirmation: Confirmation;
  /** The current time on the server's clock (ms). */
  now: number;
  onUpdated: (confirmation: Confirmation) => void;
};

/** 'Manage your caddies': one count per round, locked inside 24 hours; saves the changed rounds. */
export function CaddieManager({ confirmation, now, onUpdated }: BookingPartProps) {
  const idPrefix = useId();
  const saved = Object.fromEntries(confirmation.courses.map((course) => [course.id, course.caddies]));
  const [counts, setCounts] = useState<Record<number, number>>(saved);
  const [result, setResult] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const mutation = useMutation({ mutationFn: updateCaddies });

  const editable = confirmation.courses.filter((course) => isRoundEditable(course, now));
  const changed = editable.filter((course) => (counts[course.id] ?? course.caddies) !== course.caddies);
  const notice = caddieNotice(confirmation.courses, now);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changed.length === 0) return;
    setResult(null);
    try {
      const updated = await mutation.mutateAsync({
        booking_id: confirmation.booking_number,
        courses: changed.map((course) => ({ id: course.id, caddies: counts[course.id] ?? course.caddies })),
      });
      setCounts(Object.fromEntries(updated.courses.map((course) => [course.id, course.caddies])));
      setResult({ ok: true });
      onUpdated(updated);
    } catch (error) {
      setResult({
        ok: false,
        message: userMessage(error, CADDIES_UPDATE_FALLBACK, CONFIRMATION_MESSAGE_RULE),
      });
    }
  }

  return (
    <form className={styles.manager} onSubmit={submit} aria-busy={mutation.isPending}>
      <Alert type={notice.type} title={notice.title}>
        <p>{notice.text}</p>
      </Alert>
      <ul className={styles.rounds}>
        {confirmation.courses.map((course) => {
          const id = `${idPrefix}-${course.id}`;
          const hintId = `${id}-hint`;
          const open = isRoundEditable(course, now);
          const value = counts[course.id] ?? course.caddies;
          return (
            <li
              key={`${course.id}-${course.tee_time}`}
              className={styles.round}
              data-locked={open ? undefined : true}
            >
              <div className={styles.info}>
                <label htmlFor={id} className={styles.name}>
                  Caddies for the {course.name}
                </label>
                <p id={hintId} className={styles.hint}>
                  {open
                    ? `${formatMoney(course.caddie_price)} per caddie, up to one per golfer`
                    : course.tee_time
                      ? 'Locked: the tee time is less than 24 hours away'
                      : 'Locked: no tee time selected yet'}
                </p>
              </div>
              <select
                id={id}
                className={styles.select}
                value={value}
                disabled={!open || mutation.isPending}
                aria-describedby={hintId}
                onChange={(event) =>
                  setCounts((current) => ({ ...current, [course.id]: Number(event.target.value) }))
                }
              >
                {caddieCountOptions(course.players).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {result?.ok ? (
        <Alert type="success" onDismiss={() => setResult(null)}>
          <p>{CONFIRMATION_MESSAGES.caddiesUpdated}</p>
        </Alert>
      ) : null}
      {result && !result.ok ? (
        <Alert
          type="error"
          title={CONFIRMATION_MESSAGES.caddiesUpdateFailed}
          onDismiss={() => setResult(null)}
        >
          <p>{result.message}</p>
        </Alert>
      ) : null}
      {editable.length > 0 ? (
        <div className={styles.actions}>
          <Button type="submit" disabled={changed.length === 0 || mutation.isPending}>
            {mutation.isPending ? (
              <Spinner variant="light" size="sm" label="Updating caddies..." />
            ) : (
              'Update caddies'
            )}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
