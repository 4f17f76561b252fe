import {
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useState,
} from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField, UsernameField } from '@/components/ui/form-field';
import {
  MutationFailureAlert,
  type MutationFailureAlertProps,
  SubmitButton,
} from '@/components/ui/form-status';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { useZodForm } from '@/components/ui/use-zod-form';
import { ApiError, userMessage } from '@/lib/api-client';
import styles from './staff.module.css';
import { Panel } from './staff-parts';
import { TableFrame } from './table-frame';
import sheet from './tee-sheet.module.css';

// The pieces the staff pages' forms, tables and loading states are made of, so each page says only what is its own:
// its fields, columns and texts.

/** The fallback of most staff changes that fail without a message of their own. */
export const SAVE_FAILED = 'The change could not be saved. Please try again.';

type FieldChange = ChangeEvent<HTMLInputElement | HTMLSelectElement>;

/** The fields of T that hold text. */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * A form's values and the problems its check found, by field; `field(name)` is what a TextField or SelectField
 * takes for a text value: `{ value, error, onChange }`.
 */
export function useDraft<T extends Record<string, unknown>>(initial: T | (() => T)) {
  const [draft, setDraft] = useState<T>(initial);
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  /** A bare input's or select's value and change (a filter's: it has no problems to show). */
  const control = (name: TextKeys<T> & string) => ({
    value: draft[name] as string,
    onChange: (event: FieldChange) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  const field = (name: TextKeys<T> & string) => ({ ...control(name), error: problems[name] });
  return { draft, setDraft, problems, setProblems, field, control };
}

/** A staff form checked by its request's shared `schema` when it is sent (not as each field is left). */
export function useSchemaForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
) {
  return useZodForm<T>(schema, defaultValues, { mode: 'onSubmit' });
}

/** A change that sends a form's values and answers `A`. */
type Sends<T, A> = Change & { mutate: (values: T, options: { onSuccess: (answer: A) => void }) => void };

/**
 * A useSchemaForm whose checked values `mutation` sends: its `field(name)`, and the `mutation` and `onSubmit` a
 * ChangeForm takes; once the change is saved the form is emptied and `onSent` handed the answer.
 */
export function useSendingForm<T extends FieldValues, A>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  mutation: Sends<T, A>,
  onSent: (answer: A) => void,
) {
  const { field, handleSubmit, reset } = useSchemaForm(schema, defaultValues);
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (answer) => {
        reset();
        onSent(answer);
      },
    }),
  );
  return { field, mutation, onSubmit };
}

/** One control of a filter bar, named by the label around it: an input, or a select with `children` options. */
export function FilterField({
  label,
  children,
  ...control
}: { label: string; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement> &
  SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label htmlFor={control.id}>
      {label}
      {children === undefined ? (
        <input {...control} />
      ) : (
        <select {...(control as SelectHTMLAttributes<HTMLSelectElement>)}>{children}</select>
      )}
    </label>
  );
}

type Option<T> = { value: T; label: string };

/** Options (a SelectField's, a CheckboxGroup's or a bare select's): one for each of `values`, named by `labels`. */
export const optionsOf = <T extends string | number>(
  values: readonly T[],
  labels: Readonly<Record<T, string>> | ((value: T) => string),
): Option<T>[] =>
  values.map((value) => ({ value, label: typeof labels === 'function' ? labels(value) : labels[value] }));

/** A bare select's options, in order. */
export function Options({ options }: { options: readonly Option<string>[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** A filter bar: its FilterFields in one row, and the small button (`submit`) that applies them. */
export function FilterForm({
  label,
  submit = 'Show',
  onApply,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  submit?: string;
  /** Runs once the browser's own submit is stopped. */
  onApply: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.filters}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onApply();
      }}
      aria-label={label}
    >
      {children}
      <Button type="submit" size="sm">
        {submit}
      </Button>
    </form>
  );
}

/** A failed change's banner, by default with the staff pages' fallback. */
export function MutationFailure({
  fallback = SAVE_FAILED,
  ...banner
}: Omit<MutationFailureAlertProps, 'fallback'> & { fallback?: string | undefined }) {
  return <MutationFailureAlert fallback={fallback} {...banner} />;
}

const LAYOUTS = { grid: 'form-grid', inline: 'filters', stack: 'form' } as const;

type StaffFormProps = {
  /** The form's accessible name. */
  label: string;
  /** Fields in a grid (the default), in one row with a small button, or one under the other. */
  layout?: keyof typeof LAYOUTS;
  /** A form's own layout instead of those. */
  className?: string;
  /** Runs once the browser's own submit is stopped. */
  onSubmit: () => void;
  pending: boolean;
  busy: string;
  /** The submit button's text. */
  submit: ReactNode;
  /** A small submit button (always in the one-row layout). */
  small?: boolean;
  /** The submit button in the colour of a change that cannot be undone. */
  danger?: boolean;
  /** Shown above the fields, inside the form (a failure banner). */
  top?: ReactNode;
  children: ReactNode;
};

/** A staff form: its fields and its submit button, which is disabled and says `busy` while the change is sent. */
export function StaffForm(props: StaffFormProps) {
  const { label, layout = 'grid', onSubmit, pending, busy, submit, small = false, danger = false } = props;
  const button = (
    <SubmitButton
      pending={pending}
      busy={busy}
      size={small || layout === 'inline' ? 'sm' : 'md'}
      className={danger ? styles['danger-button'] : undefined}
    >
      {submit}
    </SubmitButton>
  );
  return (
    <form
      className={props.className ?? styles[LAYOUTS[layout]]}
      noValidate
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {props.top}
      {props.children}
      {layout === 'inline' ? button : <div className={styles['form-actions']}>{button}</div>}
    </form>
  );
}

/** A change a form sends: pending while it is sent, and its error until its banner is dismissed. */
type Change = { isPending: boolean; error: unknown; reset: () => void };

export type ChangeFormProps = Omit<StaffFormProps, 'pending' | 'top'> & {
  mutation: Change;
  /** The failure banner's heading. */
  failed: string;
  /** The banner's text where the answer carried no message (SAVE_FAILED unless given). */
  fallback?: string;
  /** The banner inside the form, above its fields, instead of above the form. */
  inside?: boolean;
};

/** The StaffForm of one change that `mutation` sends: busy while it is sent, with its banner should it fail. */
export function ChangeForm({ mutation, failed, fallback, inside = false, ...form }: ChangeFormProps) {
  const banner = <MutationFailure mutation={mutation} title={failed} fallback={fallback} />;
  return (
    <>
      {inside ? null : banner}
      <StaffForm pending={mutation.isPending} top={inside ? banner : null} {...form} />
    </>
  );
}

/** A text field's props as useSchemaForm's `field(name)` binds them. */
type BoundField = Omit<ComponentProps<typeof TextField>, 'label'>;

/**
 * An admin's panel opening an account (a tour operator's, a staff user's): what it says first (`intro`), then the
 * ChangeForm named as the panel is, with the holder's name (in the form's value `name.key`), username and e-mail
 * before the account's own fields (`children`).
 */
export function NewAccountForm<N extends string>({
  title,
  intro,
  name,
  field,
  children,
  ...form
}: Omit<ChangeFormProps, 'label'> & {
  title: string;
  intro: ReactNode;
  name: { label: string; key: N };
  field: (key: N | 'username' | 'email') => BoundField;
}) {
  return (
    <Panel title={title}>
      {intro}
      <ChangeForm label={title} {...form}>
        <TextField label={name.label} autoComplete="off" {...field(name.key)} />
        <UsernameField autoComplete="off" {...field('username')} />
        <TextField label="E-mail" type="email" autoComplete="off" {...field('email')} />
        {children}
      </ChangeForm>
    </Panel>
  );
}

/** A column heading, or one read only by screen readers (the actions column). */
type Column = string | { hidden: string };

type DataTableProps = {
  /** What a screen reader calls the table; not shown. */
  caption: ReactNode;
  columns: readonly Column[];
  /** The rows. */
  children: ReactNode;
};

/** A staff table: a hidden caption, a row of column headings and the rows. */
export function DataTable({ caption, columns, children }: DataTableProps) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th scope="col" key={column}>
                {column}
              </th>
            ) : (
              <th scope="col" key={column.hidden}>
                <span className="visually-hidden">{column.hidden}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A DataTable in its focusable, sideways-scrolling frame named `label`. */
export function StaffTable({ label, ...table }: DataTableProps & { label: string }) {
  return (
    <TableFrame label={label}>
      <DataTable {...table} />
    </TableFrame>
  );
}

type Read<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };

type LoadedProps<T> = {
  query: Read<T>;
  /** The spinner's label. */
  loading: string;
  /** The failure banner's heading. */
  failed: string;
  /** The banner's text where the answer carried no message. */
  hint?: string;
  /** The banner's text whatever the answer said (a 404's own words). */
  problem?: string | undefined;
  children: (data: T) => ReactNode;
};

/** A read's spinner while it loads, its failure banner, or what `children` makes of its data. */
export function Loaded<T>({
  query,
  loading,
  failed,
  hint = 'Please try again in a moment.',
  problem,
  children,
}: LoadedProps<T>) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined) {
    return (
      <Alert type="error" title={failed}>
        <p>{problem ?? userMessage(query.error, hint)}</p>
      </Alert>
    );
  }
  return children(query.data);
}

/** Whether a read failed because what it asked for does not exist (a page then says so in its own words). */
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Newer and Older buttons over a list's pages, with anything to show between them. */
export function Pager({
  label,
  page,
  pages,
  onPage,
  children,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      {children}
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Older
      </Button>
    </nav>
  );
}

/** How many pages a list of `total` takes, `page_size` a page (at least one). */
export const pageCount = (list: { total: number; page_size: number } | undefined) =>
  list ? Math.max(1, Math.ceil(list.total / list.page_size)) : 1;

/**
 * A staff page: its heading (with anything beside it), the line that says what a change did (`notice`, read out
 * when it changes), then its content.
 */
export function StaffPage({
  title,
  head,
  notice,
  children,
}: {
  title: ReactNode;
  head?: ReactNode;
  notice?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles['page-head']}>
        <h1>{title}</h1>
        {head}
      </div>
      {notice === undefined ? null : (
        <p role="status" className={sheet.message}>
          {notice}
        </p>
      )}
      {children}
    </div>
  );
}

/**
 * A page of one thing (a booking, an operator) that `query` reads: the way back to its list, its heading, then as a
 * StaffPage, with what `children` make of the thing once it is loaded.
 */
export function DetailPage<T>({
  back,
  title,
  head,
  notice,
  query,
  thing,
  missing,
  children,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  head?: ReactNode;
  notice: string;
  query: Read<T>;
  /** What the page is of, as its spinner and failure banner name it ('Loading the booking...'). */
  thing: string;
  /** What the page says where the thing does not exist. */
  missing: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <div className={styles.page}>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <div className={sheet.head}>
        <h1>{title}</h1>
        {head}
      </div>
      <p role="status" className={sheet.message}>
        {notice}
      </p>
      <Loaded
        query={query}
        loading={`Loading the ${thing}...`}
        failed={`The ${thing} could not be opened`}
        problem={isNotFound(query.error) ? missing : undefined}
      >
        {children}
      </Loaded>
    </div>
  );
}
