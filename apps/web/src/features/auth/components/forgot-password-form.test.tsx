// @vitest-environment happy-dom
import { FORGOT_PASSWORD_MESSAGES } from '@links/shared/schemas/auth';
import { emptyResponseSchema } from '@links/shared/schemas/envelope';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, type Received, recorded, refuse, requestLog, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { useApiPage } from '@/test/use-api-page';
import { FORGOT_ERROR_HEADING } from './auth-messages';
import { CHECK_EMAIL_TITLE, ForgotPasswordForm } from './forgot-password-form';

describe('ForgotPasswordForm', () => {
  const server = useApiPage('test-token');

  it('requires a username, then shows Check your email, which try again reverses', async () => {
    const requests = requestLog();
    const calls: Received[] = [];
    server.use(
      http.post(
        v1('/forgot-password'),
        recorded(calls, () => answer(emptyResponseSchema, { data: {} })),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_MESSAGES.username)).toBeTruthy();
    expect(requests).toEqual([]);

    await user.type(screen.getByLabelText('Username'), 'links-travel');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: CHECK_EMAIL_TITLE })).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/v1/forgot-password', body: { username: 'links-travel' } });
    expect(screen.getByText(/wait five minutes/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.queryByRole('heading', { name: CHECK_EMAIL_TITLE })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('a refusal shows Sorry, an error occurred with the server message', async () => {
    server.use(
      http.post(v1('/forgot-password'), () =>
        refuse(429, { code: 'rate_limited', message: 'Too many requests. Please wait 15 minutes.' }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Username'), 'x');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FORGOT_ERROR_HEADING);
    expect(alert.textContent).toContain('Too many requests. Please wait 15 minutes.');
  });
});
