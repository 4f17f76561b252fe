import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './form-field';

/** One line of the address: its label (each form's own, from the spec), its registered input and its error. */
export type AddressLine = {
  label: string;
  input: UseFormRegisterReturn;
  error?: string | undefined;
  optional?: boolean;
  /** A fixed id where server errors or tests find the control by it. */
  id?: string;
};

type AddressFieldsProps = {
  line1: AddressLine;
  line2: AddressLine;
  city: AddressLine;
  county: AddressLine;
  postcode: AddressLine;
  /** The country control: each form fills its own list (and step 2 its look-up state). */
  country: ReactNode;
};

// Each line's autofill token, and whether it spans the row: browsers and password managers fill an address by these.
const LINES = [
  ['line1', 'address-line1', true],
  ['line2', 'address-line2', true],
  ['city', 'address-level2', false],
  ['county', 'address-level1', false],
  ['postcode', 'postal-code', false],
] as const;

/** A postal address in a FieldGrid, for every form that asks for one (step 2, the operator's account). */
export function AddressFields(props: AddressFieldsProps) {
  return (
    <>
      {LINES.map(([line, autoComplete, wide]) => {
        const { label, input, error, optional, id } = props[line];
        return (
          <TextField
            key={line}
            id={id}
            label={label}
            optional={optional}
            wide={wide}
            autoComplete={autoComplete}
            error={error}
            {...input}
          />
        );
      })}
      {props.country}
    </>
  );
}
