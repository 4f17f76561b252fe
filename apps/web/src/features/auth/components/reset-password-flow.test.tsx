// @vitest-environment happy-dom
import { RESET_LINK_MESSAGES, RESET_PASSWORD_MESSAGES } from '@links/shared/schemas/auth';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { apiError, stubApi } from '../test/stub-api';
import {
  LINK_EXPIRED_TITLE,
  PASSWORD_UPDATED_TITLE,
  RESET_HEROES,
  ResetPasswordFlow,
} from './reset-password-flow';

function renderFlow(username: string | null, token: string | null) {
  return renderWithProviders(
    <MemoryRouter>
      <ResetPasswordFlow username={username} token={token} />
    </MemoryRouter>,
  );
}

const STRONG = 'Sea-Breeze-2026!';

describe('ResetPasswordFlow', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a link without its token or username is expired at once, without calling the server', () => {
    const calls = stubApi(() => undefined);
    renderFlow('links-travel', null);
    expect(screen.getByRole('heading', { name: LINK_EXPIRED_TITLE })).toBeTruthy();
    expect(screen.getByText(RESET_LINK_MESSAGES.heading)).toBeTruthy();
    expect(screen.getByText(RESET_LINK_MESSAGES.message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(calls).toHaveLength(0);
  });

  it('puts the page under the hero of its stage: an expired link does not invite a new password', async () => {
    stubApi(() => apiError(400, RESET_LINK_MESSAGES.message, 'reset_link_invalid'));
    renderWithProviders(
      <MemoryRouter>
        <ResetPasswordFlow
          username="links-travel"
          token="old"
          frame={(hero, body) => (
            <>
              <h1>{hero.title}</h1>
              <p>{hero.lead}</p>
              {body}
            </>
          )}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: RESET_HEROES.reset.title })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: RESET_HEROES.expired.title })).toBeTruthy();
    expect(screen.queryByText(/Choose a new password/)).toBeNull();
    expect(screen.getByRole('heading', { name: LINK_EXPIRED_TITLE })).toBeTruthy();
  });

  it('a refused link shows Oops, Link Expired after validating', async () => {
    stubApi(() => apiError(400, RESET_LINK_MESSAGES.message, 'reset_link_invalid'));
    renderFlow('links-travel', 'old');
    expect(screen.getByText('Checking your reset link...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: LINK_EXPIRED_TITLE })).toBeTruthy();
  });

  it('a valid link shows the form; validated on touch; success links to the login page', async () => {
    const calls = stubApi(({ url }) =>
      url === '/v1/validate-token' || url === '/v1/reset' ? Response.json({ data: {} }) : undefined,
    );
    renderFlow('links-travel', 'tok');
    const password = await screen.findByLabelText('New password');
    fireEvent.blur(password);
    expect(await screen.findByText(RESET_PASSWORD_MESSAGES.password)).toBeTruthy();
    fireEvent.change(password, { target: { value: 'short' } });
    expect(await screen.findByText(RESET_PASSWORD_MESSAGES.criteria)).toBeTruthy();
    expect(screen.getByText('Password is in the rough')).toBeTruthy();
    fireEvent.change(password, { target: { value: STRONG } });
    expect(await screen.findByText("Hole in one! That's a strong password")).toBeTruthy();
    const confirmation = screen.getByLabelText('Confirm new password');
    fireEvent.change(confirmation, { target: { value: `${STRONG}x` } });
    fireEvent.blur(confirmation);
    expect(await screen.findByText(RESET_PASSWORD_MESSAGES.mismatch)).toBeTruthy();
    fireEvent.change(confirmation, { target: { value: STRONG } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByRole('heading', { name: PASSWORD_UPDATED_TITLE })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(calls.find((call) => call.url === '/v1/reset')?.body).toEqual({
      username: 'links-travel',
      token: 'tok',
      password: STRONG,
      password_confirmation: STRONG,
    });
  });

  it('a link used up while the form was open turns into the expired state on save', async () => {
    stubApi(({ url }) =>
      url === '/v1/validate-token'
        ? Response.json({ data: {} })
        : url === '/v1/reset'
          ? apiError(400, RESET_LINK_MESSAGES.message, 'reset_link_invalid')
          : undefined,
    );
    renderFlow('links-travel', 'tok');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: STRONG } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: STRONG } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: LINK_EXPIRED_TITLE })).toBeTruthy());
  });
});
