// @vitest-environment happy-dom
import { emptyResponseSchema } from '@links/shared/schemas/envelope';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, type Received, recorded, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { serveRefusal } from '@/test/serve-refusal';
import { useApiPage } from '@/test/use-api-page';
import { CHOOSE_PASSWORD_TITLE, PASSWORD_SUCCESS } from './account-messages';
import { UpdatePasswordForm } from './update-password-form';

const NEW = 'One-Time-Replaced-2026!';

describe('UpdatePasswordForm (issue 24: the current password first)', () => {
  const server = useApiPage('test-token');

  async function fill(current: string, label = 'Current password') {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(label), current);
    await user.type(screen.getByLabelText('New password'), NEW);
    await user.type(screen.getByLabelText('Confirm new password'), NEW);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
  }

  it('sends the current password with the new one; a wrong one is said under its field, which takes the focus', async () => {
    const calls = serveRefusal('post', '/user/7/account', 422, {
      code: 'current_password_incorrect',
      message: 'The current password you entered is incorrect.',
      fields: { current_password: 'The current password you entered is incorrect.' },
    });
    renderWithProviders(<UpdatePasswordForm operatorId={7} />);
    expect(screen.queryByText(CHOOSE_PASSWORD_TITLE)).toBeNull();
    await fill('Not-it-1!');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      current_password: 'Not-it-1!',
      password: NEW,
      password_confirmation: NEW,
    });
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.getAttribute('aria-invalid')).toBe('true');
  });

  it('clears a mismatch the moment the confirmation matches, before the field is left', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpdatePasswordForm operatorId={7} />);
    await user.type(screen.getByLabelText('New password'), NEW);
    // Leaving the new password with the confirmation empty: the pair is checked and found wanting.
    await user.click(screen.getByLabelText('Confirm new password'));
    expect(await screen.findByText('Please make sure your passwords match')).toBeTruthy();
    await user.keyboard(NEW);
    // Still in the confirmation field: the messages have gone, so nothing moves under a click on the button.
    await waitFor(() => expect(screen.queryByText('Please make sure your passwords match')).toBeNull());
    expect(screen.queryByText('Please confirm the new password')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm new password'));
  });

  it('signed in with the one-time password: says why, and the change goes through', async () => {
    const calls: Received[] = [];
    server.use(
      http.post(
        v1('/user/7/account'),
        recorded(calls, () => answer(emptyResponseSchema, { data: {} })),
      ),
      http.get(v1('/user'), () => answer(emptyResponseSchema, { data: {} })),
    );
    renderWithProviders(<UpdatePasswordForm operatorId={7} changeRequired />);
    expect(screen.getByText(CHOOSE_PASSWORD_TITLE)).toBeTruthy();
    await fill('One-Time-1!', 'Current (one-time) password');
    expect(await screen.findByText(PASSWORD_SUCCESS)).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.queryByText(CHOOSE_PASSWORD_TITLE)).toBeNull();
  });
});
