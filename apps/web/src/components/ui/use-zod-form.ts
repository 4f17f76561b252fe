import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Mode, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldBinder } from './form-field';

/**
 * A react-hook-form form that the request's shared `schema` checks (the API checks it again), validated when a field
 * is first left ('onTouched', or `mode`), with `field(name)` as fieldBinder gives it.
 *
 * `In` is what the form edits and `Out` what the schema hands back once the check passes. The two may differ from
 * the schema's own input: a select left unchosen holds '' until the schema turns it away with its message. The
 * resolver is cast here, once, to read the form's values as the schema's input; `Out` stays tied to the schema.
 * Kept apart from form-field.tsx so the resolver loads only with the (lazy) pages that have such a form.
 */
export function useZodForm<In extends FieldValues, Out extends FieldValues = In>(
  schema: z.ZodType<Out, FieldValues>,
  defaultValues: DefaultValues<In>,
  { mode = 'onTouched' }: { mode?: Mode } = {},
) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema) as never, mode, defaultValues });
  return { ...form, field: fieldBinder(form.register, form.formState.errors) };
}
