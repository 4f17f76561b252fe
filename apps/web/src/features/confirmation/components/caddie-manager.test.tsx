// @vitest-environment happy-dom
import { confirmationResponseSchema } from '@links/shared/schemas/confirmation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer, type Received, recorded, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { serveRefusal } from '@/test/serve-refusal';
import { useApiPage } from '@/test/use-api-page';
import { FIXTURE_NOW, fixtureConfirmation, fixtureCourse } from '../test/confirmation-fixture';
import { CaddieManager, caddieNotice, isRoundEditable } from './caddie-manager';

const HOUR = 3_600_000;

describe('caddie rules on the page', () => {
  it('locks a round once its cut-off has passed on the server clock', () => {
    const course = fixtureCourse({ caddie_cutoff: new Date(FIXTURE_NOW + HOUR).toISOString() });
    expect(isRoundEditable(course, FIXTURE_NOW)).toBe(true);
    expect(isRoundEditable(course, FIXTURE_NOW + HOUR)).toBe(false);
    expect(isRoundEditable({ ...course, caddies_editable: false }, FIXTURE_NOW)).toBe(false);
  });

  it('warns while the next cut-off is over a day away, alerts under a day, and says when all are locked', () => {
    const far = fixtureCourse({ caddie_cutoff: new Date(FIXTURE_NOW + 30 * HOUR).toISOString() });
    const near = fixtureCourse({ caddie_cutoff: new Date(FIXTURE_NOW + 5 * HOUR).toISOString() });
    expect(caddieNotice([far], FIXTURE_NOW).type).toBe('warning');
    expect(caddieNotice([far, near], FIXTURE_NOW)).toMatchObject({
      type: 'alert',
      title: 'Less than a day left to change your caddies',
    });
    expect(caddieNotice([far], FIXTURE_NOW + 31 * HOUR)).toMatchObject({
      type: 'alert',
      title: 'Caddies can no longer be changed online',
    });
  });
});

describe('CaddieManager', () => {
  const server = useApiPage('t', { modalRoot: true });

  it('sends only the changed, open rounds and shows the success message', async () => {
    const confirmation = fixtureConfirmation();
    const updated = fixtureConfirmation({
      courses: confirmation.courses.map((course) => (course.id === 1 ? { ...course, caddies: 2 } : course)),
    });
    const calls: Received[] = [];
    server.use(
      http.patch(
        v1('/bookings/:number/caddies'),
        recorded(calls, () => answer(confirmationResponseSchema, { data: updated })),
      ),
    );
    const user = userEvent.setup();
    const onUpdated = vi.fn();
    renderWithProviders(
      <CaddieManager confirmation={confirmation} now={FIXTURE_NOW} onUpdated={onUpdated} />,
    );

    const locked = screen.getByLabelText('Caddies for the Burnside Course') as HTMLSelectElement;
    expect(locked.disabled).toBe(true);
    const update = screen.getByRole('button', { name: 'Update caddies' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Caddies for the Championship Course'), '2');
    await user.click(update);

    expect(await screen.findByText('Your caddies have been updated successfully')).toBeTruthy();
    expect(calls[0]?.url).toBe('/v1/bookings/260000123/caddies');
    expect(calls[0]?.body).toEqual({
      booking_id: '260000123',
      courses: [{ id: 1, caddies: 2 }],
    });
    expect(onUpdated).toHaveBeenCalledWith(updated);
  });

  it('shows the heading and the server message, else the fallback, when the update fails', async () => {
    serveRefusal('patch', '/bookings/:number/caddies', 422, {
      code: 'caddies_locked',
      message: 'Caddies for the Championship Course can no longer be changed.',
    });
    const user = userEvent.setup();
    renderWithProviders(
      <CaddieManager confirmation={fixtureConfirmation()} now={FIXTURE_NOW} onUpdated={vi.fn()} />,
    );
    await user.selectOptions(screen.getByLabelText('Caddies for the Championship Course'), '0');
    await user.click(screen.getByRole('button', { name: 'Update caddies' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('There was an error updating your caddies'));
    expect(alert.textContent).toContain('Caddies for the Championship Course can no longer be changed.');
  });

  it('has no update button when every round is locked', () => {
    const confirmation = fixtureConfirmation();
    renderWithProviders(
      <CaddieManager
        confirmation={confirmation}
        now={Date.parse('2026-11-24T15:00:00Z')}
        onUpdated={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Update caddies' })).toBeNull();
    expect(screen.getByText('Caddies can no longer be changed online')).toBeTruthy();
  });
});
