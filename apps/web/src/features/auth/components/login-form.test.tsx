// @vitest-environment happy-dom
import { LOGIN_MESSAGES } from '@links/shared/schemas/auth';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { USER_QUERY_KEY } from '../api/get-user';
import { apiError, stubApi } from '../test/stub-api';
import { LOGIN_ERROR_FALLBACK, LOGIN_ERROR_HEADING } from './auth-messages';
import { LoginForm } from './login-form';

function renderForm(onSignedIn = vi.fn()) {
  const view = renderWithProviders(
    <MemoryRouter>
      <LoginForm onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  return { ...view, onSignedIn };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('validates on change with the section 5 messages', async () => {
    renderForm();
    fill('Username', 'a');
    fill('Username', '');
    expect(await screen.findByText(LOGIN_MESSAGES.username)).toBeTruthy();
    fill('Password', 'a');
    fill('Password', '');
    expect(await screen.findByText(LOGIN_MESSAGES.password)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('signs in: posts the credentials, stores the operator and reports it', async () => {
    const calls = stubApi(({ url }) =>
      url === '/v1/login'
        ? Response.json({
            data: { id: 7, ID: 7, company_name: 'Fairway Golf Tours', status: 'active', deposit_amount: 50 },
          })
        : undefined,
    );
    const { onSignedIn, client } = renderForm();
    fill('Username', 'fairway-tours');
    fill('Password', 'Secret-Pass-1!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      url: '/v1/login',
      method: 'POST',
      body: { username: 'fairway-tours', password: 'Secret-Pass-1!' },
    });
    expect(client.getQueryData(USER_QUERY_KEY)).toMatchObject({
      id: 7,
      deposit_amount: 50,
      is_authenticated: true,
    });
  });

  it('shows the server message under the heading, or the fallback when the server cannot be reached', async () => {
    stubApi(() => apiError(401, 'The username or password is not correct.', 'invalid_credentials'));
    renderForm();
    fill('Username', 'someone');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOGIN_ERROR_HEADING);
    expect(alert.textContent).toContain('The username or password is not correct.');

    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderForm();
    fill('Username', 'someone');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(LOGIN_ERROR_FALLBACK);
  });
});
