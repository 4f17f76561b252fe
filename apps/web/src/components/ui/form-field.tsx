import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type FieldError as FormFieldError,
  get,
  type Path,
  type RegisterOptions,
  type UseFormRegister,
} from 'react-hook-form';
import { useHydrated } from '@/hooks/use-hydrated';
import styles from './form-field.module.css';

/**
 * For a react-hook-form form: `field(name)` registers the field and gives its error message (a nested path's too),
 * all a TextField or SelectField needs.
 */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => ({
    error: (get(errors, name) as FormFieldError | undefined)?.message,
    ...register(name, options),
  });
}

type FieldFrameProps = {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  /** Spans the whole row of a FieldGrid. */
  wide?: boolean | undefined;
  children: ReactNode;
  className?: string | undefined;
};

export function fieldDescribedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** Label, hint and error around one control; the error is tied to the control with aria-describedby. */
export function FieldFrame({ id, label, error, hint, optional, wide, children, className }: FieldFrameProps) {
  return (
    <div className={[styles.field, wide ? styles.full : null, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

type FieldErrorProps = {
  id: string;
  error?: string | undefined;
  /** Without the icon (beside a checkbox, or in a form with a look of its own, whose class comes in `className`). */
  plain?: boolean;
  className?: string | undefined;
};

/** A field's error, with the id its control's aria-describedby names. */
export function FieldError({ id, error, plain = false, className = styles.error }: FieldErrorProps) {
  return error ? (
    <p id={`${id}-error`} className={className}>
      {plain ? null : (
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M8 4.5v4.2M8 11v.1" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      )}
      {error}
    </p>
  ) : null;
}

/** What every field takes besides its control's own attributes. */
type FieldProps = {
  /** A fixed id where server errors or tests find the control by it; otherwise one is made. */
  id?: string | undefined;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  wide?: boolean | undefined;
  fieldClassName?: string | undefined;
};

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> &
  FieldProps & {
    ref?: Ref<HTMLInputElement>;
    /** Extra content after the input, inside the field (e.g. a strength meter). */
    after?: ReactNode;
  };

/**
 * Splits a field's props into what its FieldFrame shows and what goes on the control: the id (the fixed one, or
 * one made), its classes, the invalid state and descriptions a screen reader reads with it, then its own attributes.
 */
function useField<P extends FieldProps>(
  { id: fixedId, label, error, hint, optional, wide, fieldClassName, ...own }: P,
  controlClasses: (string | undefined)[],
) {
  const madeId = useId();
  const id = fixedId ?? madeId;
  // Read-only in prerendered markup until React has adopted it: what is typed before then would be wiped when the
  // form registers its fields (see useHydrated).
  const hydrated = useHydrated();
  return {
    frame: { id, label, error, hint, optional, wide, className: fieldClassName },
    control: {
      id,
      className: controlClasses.filter(Boolean).join(' '),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': fieldDescribedBy(id, error, hint),
      ...own,
      ...(hydrated ? {} : { readOnly: true }),
    },
  };
}

export function TextField({ ref, after, className, ...props }: TextFieldProps) {
  const { frame, control } = useField(props, [styles.input, className]);
  return (
    <FieldFrame {...frame}>
      <input ref={ref} {...control} />
      {after}
    </FieldFrame>
  );
}

/** A username as people sign in with it: the browser's saved one offered, typed as is (no capital, no spell check). */
export function UsernameField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide toggle (people retype fewer passwords when they can check them). */
export function PasswordField({ ref, after, className, ...props }: PasswordFieldProps) {
  const { frame, control } = useField(props, [styles.input, className]);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...frame}>
      <div className={styles['input-with-action']}>
        <input ref={ref} {...control} type={visible ? 'text' : 'password'} />
        <button
          type="button"
          className={styles['input-action']}
          aria-controls={frame.id}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
      {after}
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldProps & {
    /** The choices; or pass <option> children instead (e.g. a lazily filled country list). */
    options?: readonly SelectOption[];
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  };

export function SelectField({
  options = [],
  placeholder,
  ref,
  className,
  children,
  ...props
}: SelectFieldProps) {
  const { frame, control } = useField(props, [styles.input, styles.select, className]);
  return (
    <FieldFrame {...frame}>
      <select ref={ref} {...control}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

export function CheckboxField({ label, error, ref, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.checkbox}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, error)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={id} error={error} plain />
    </div>
  );
}

/** A responsive grid of fields: two columns from tablet width, one on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

export const fieldStyles = styles;
