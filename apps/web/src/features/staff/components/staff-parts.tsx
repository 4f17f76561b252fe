import { useId } from 'react';
import type { ZodError } from 'zod';
import { CheckboxField, fieldStyles } from '@/components/ui/form-field';
import styles from './staff.module.css';
import sheet from './tee-sheet.module.css';

// The parts every staff page is built from: a titled panel (a region named by its heading), a list of facts, one
// way to write a moment (UK time, whatever the browser's zone) and one way to show what a form's check refused.

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const when = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : '—');

const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium' });

/** A date without its time (a due date is the end of a UK day). */
export const dayOf = (iso: string | null) => (iso ? DAY.format(new Date(iso)) : '—');

export function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function Facts({ rows }: { rows: { term: string; value: React.ReactNode }[] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(({ term, value }) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a form's check refused, by field: the first message of each top-level field, shown beside that field. */
export function fieldProblems(error: ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

/** A fieldset of checkboxes choosing some of `options` (weekdays, courses), with the group's one error under them. */
export function CheckboxGroup<T extends number | string>({
  legend,
  options,
  chosen,
  error,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  error: string | undefined;
  onChange: (chosen: T[]) => void;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={sheet.days} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <CheckboxField
          key={option.value}
          label={option.label}
          checked={chosen.includes(option.value)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...chosen, option.value]
                : chosen.filter((each) => each !== option.value),
            )
          }
        />
      ))}
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
