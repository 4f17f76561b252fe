// @vitest-environment happy-dom
import { confirmationResponseSchema } from '@links/shared/schemas/confirmation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer, type Received, recorded, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { serveRefusal } from '@/test/serve-refusal';
import { useApiPage } from '@/test/use-api-page';
import { fixtureConfirmation } from '../test/confirmation-fixture';
import { GolferNames } from './golfer-names';

// Issue 24 point 4: a tour operator names the golfers until the deadline; after it, the names are shown and the
// reservations team changes them.

const DEADLINE = '2027-04-27T22:59:59.000Z';
const named = (names: string[], editable = true) =>
  fixtureConfirmation({
    golfers: fixtureConfirmation().golfers.map((golfer, index) => ({ ...golfer, name: names[index] ?? '' })),
    golfer_names: { deadline: DEADLINE, editable, missing: names.filter((name) => !name).length },
  });

describe("Golfers' names", () => {
  const server = useApiPage('t');

  it('says how many are missing, saves the names given and announces it where the operator is looking', async () => {
    const calls: Received[] = [];
    server.use(
      http.put(
        v1('/bookings/:number/golfer-names'),
        recorded(calls, () => answer(confirmationResponseSchema, { data: named(['Ben Hogan', '']) })),
      ),
    );
    const user = userEvent.setup();
    const onUpdated = vi.fn();
    renderWithProviders(<GolferNames confirmation={named(['', ''])} onUpdated={onUpdated} />);
    const form = screen.getByRole('form', { name: "Golfers' names" });
    expect(form.textContent).toContain(
      'Please name every golfer by Tuesday 27th April 2027. 2 of 2 names are missing.',
    );
    await user.type(within(form).getByLabelText('Golfer 1 (Adult)'), 'Ben Hogan');
    await user.click(within(form).getByRole('button', { name: 'Save names' }));
    const status = await within(form).findByText("The golfers' names have been saved.");
    expect(calls.map((call) => call.body)).toEqual([
      {
        booking_id: '260000123',
        golfers: [
          { id: 1, name: 'Ben Hogan' },
          { id: 2, name: '' },
        ],
      },
    ]);
    expect(onUpdated).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(status.closest('[tabindex="-1"]')).toBe(document.activeElement));
  });

  it('refuses a name over 100 characters on the field, sending nothing, and shows a refusal', async () => {
    const calls = serveRefusal('put', '/bookings/:number/golfer-names', 409, {
      code: 'names_locked',
      message:
        "Golfers' names could be changed until Tuesday 27th April 2027. Please call our reservations team to change them now.",
    });
    const user = userEvent.setup();
    renderWithProviders(<GolferNames confirmation={named(['', ''])} onUpdated={vi.fn()} />);
    const form = screen.getByRole('form', { name: "Golfers' names" });
    const first = within(form).getByLabelText('Golfer 1 (Adult)');
    await user.click(first);
    await user.paste('x'.repeat(101));
    await user.click(within(form).getByRole('button', { name: 'Save names' }));
    expect(within(form).getByText('A name is at most 100 characters')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(first);
    await user.type(first, 'Gary Player');
    await user.click(within(form).getByRole('button', { name: 'Save names' }));
    expect(await within(form).findByText(/could be changed until Tuesday 27th April 2027/)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('after the deadline shows the names without a form and whom to call', () => {
    renderWithProviders(<GolferNames confirmation={named(['Ben Hogan', ''], false)} onUpdated={vi.fn()} />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(
      screen.getByText(
        /1 of 2 names are missing\. Names could be changed here until Tuesday 27th April 2027/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Ben Hogan (Adult)')).toBeTruthy();
    expect(screen.getByText('Not named (Under 16)')).toBeTruthy();
  });
});
