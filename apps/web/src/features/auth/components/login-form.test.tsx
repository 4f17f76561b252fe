// @vitest-environment happy-dom
import { LOGIN_MESSAGES, loginResponseSchema } from '@links/shared/schemas/auth';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TEST_OPERATOR } from '@/test/api-fixtures';
import { answer, type Received, recorded, refuse, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { useApiPage } from '@/test/use-api-page';
import { USER_QUERY_KEY } from '../api/get-user';
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

describe('LoginForm', () => {
  const server = useApiPage('test-token');

  async function signIn(username: string, password: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), username);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('validates on change with the section 5 messages', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Username'), 'a');
    await user.clear(screen.getByLabelText('Username'));
    expect(await screen.findByText(LOGIN_MESSAGES.username)).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'a');
    await user.clear(screen.getByLabelText('Password'));
    expect(await screen.findByText(LOGIN_MESSAGES.password)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('signs in: posts the credentials, stores the operator and reports it', async () => {
    const calls: Received[] = [];
    server.use(
      http.post(
        v1('/login'),
        recorded(calls, () => answer(loginResponseSchema, { data: TEST_OPERATOR })),
      ),
    );
    const { onSignedIn, client } = renderForm();
    await signIn('fairway-tours', 'Secret-Pass-1!');
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
    server.use(
      http.post(v1('/login'), () =>
        refuse(401, { code: 'invalid_credentials', message: 'The username or password is not correct.' }),
      ),
    );
    renderForm();
    await signIn('someone', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOGIN_ERROR_HEADING);
    expect(alert.textContent).toContain('The username or password is not correct.');

    cleanup();
    server.use(http.post(v1('/login'), () => HttpResponse.error()));
    renderForm();
    await signIn('someone', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain(LOGIN_ERROR_FALLBACK);
  });
});
