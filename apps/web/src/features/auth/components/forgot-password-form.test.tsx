// @vitest-environment happy-dom
import { FORGOT_PASSWORD_MESSAGES } from '@links/shared/schemas/auth';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { apiError, stubApi } from '../test/stub-api';
import { FORGOT_ERROR_HEADING } from './auth-messages';
import { CHECK_EMAIL_TITLE, ForgotPasswordForm } from './forgot-password-form';

describe('ForgotPasswordForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requires a username, then shows Check your email, which try again reverses', async () => {
    const calls = stubApi(({ url }) =>
      url === '/v1/forgot-password' ? Response.json({ data: {} }) : undefined,
    );
    renderWithProviders(<ForgotPasswordForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_MESSAGES.username)).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'links-travel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: CHECK_EMAIL_TITLE })).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/v1/forgot-password', body: { username: 'links-travel' } });
    expect(screen.getByText(/wait five minutes/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.queryByRole('heading', { name: CHECK_EMAIL_TITLE })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('a refusal shows Sorry, an error occurred with the server message', async () => {
    stubApi(() => apiError(429, 'Too many requests. Please wait 15 minutes.'));
    renderWithProviders(<ForgotPasswordForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FORGOT_ERROR_HEADING);
    expect(alert.textContent).toContain('Too many requests. Please wait 15 minutes.');
  });
});
