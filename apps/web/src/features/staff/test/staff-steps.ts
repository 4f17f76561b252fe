import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import type { z } from 'zod';
import { answer, apiServer, type Received, recorded, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';

// The steps the staff page tests repeat: a call they answer and note, opening a page at one of its forms, a field
// given a new value and its form sent, and what a select offers.

type Data<S extends z.ZodType> = z.input<S> extends { data: infer D } ? D : never;

/** A resolver that notes each call in `calls` and answers `data` in the envelope the route's `schema` checks. */
export function answerRecorded<S extends z.ZodType>(calls: Received[], schema: S, data: Data<S>) {
  return recorded(calls, () => answer(schema, { data } as z.input<S>));
}

/** One call more that the test's API server answers with `data`; the list of the calls it received. */
export function serveRecorded<S extends z.ZodType>(
  method: 'delete' | 'post' | 'put',
  path: string,
  schema: S,
  data: Data<S>,
) {
  const calls: Received[] = [];
  apiServer.use(http[method](v1(path), answerRecorded(calls, schema, data)));
  return calls;
}

/** Opens the staff page at `path` and waits for its form named `name`: the user to act with, the form, the router. */
export async function openForm(path: string, name: string) {
  const user = userEvent.setup();
  const router = renderRoute(path);
  return { user, form: await screen.findByRole('form', { name }), router };
}

/** Puts `value` in place of what the field `label` of `form` holds, then presses the form's button `submit`. */
export async function resubmit(
  user: UserEvent,
  form: HTMLElement,
  label: string | RegExp,
  value: string,
  submit: string,
) {
  await user.clear(within(form).getByLabelText(label));
  await user.type(within(form).getByLabelText(label), value);
  await user.click(within(form).getByRole('button', { name: submit }));
}

/** The texts of what has the `role` inside `element`, in order: a select's options, a menu's links. */
export const textsOf = (element: HTMLElement, role: 'link' | 'option') =>
  within(element)
    .getAllByRole(role)
    .map((each) => each.textContent);
