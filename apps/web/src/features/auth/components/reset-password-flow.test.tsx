// @vitest-environment happy-dom
import { RESET_LINK_MESSAGES, RESET_PASSWORD_MESSAGES } from '@links/shared/schemas/auth';
import { emptyResponseSchema } from '@links/shared/schemas/envelope';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, type Received, recorded, refuse, requestLog, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { useApiPage } from '@/test/use-api-page';
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

const linkRefused = () => refuse(400, { code: 'reset_link_invalid', message: RESET_LINK_MESSAGES.message });
const accepted = () => answer(emptyResponseSchema, { data: {} });

describe('ResetPasswordFlow', () => {
  const server = useApiPage('test-token');

  it('a link without its token or username is expired at once, without calling the server', () => {
    const requests = requestLog();
    renderFlow('links-travel', null);
    expect(screen.getByRole('heading', { name: LINK_EXPIRED_TITLE })).toBeTruthy();
    expect(screen.getByText(RESET_LINK_MESSAGES.heading)).toBeTruthy();
    expect(screen.getByText(RESET_LINK_MESSAGES.message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(requests).toEqual([]);
  });

  it('puts the page under the hero of its stage: an expired link does not invite a new password', async () => {
    server.use(http.post(v1('/validate-token'), linkRefused));
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
    server.use(http.post(v1('/validate-token'), linkRefused));
    renderFlow('links-travel', 'old');
    expect(screen.getByText('Checking your reset link...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: LINK_EXPIRED_TITLE })).toBeTruthy();
  });

  it('a valid link shows the form; validated on touch; success links to the login page', async () => {
    const resets: Received[] = [];
    server.use(
      http.post(v1('/validate-token'), accepted),
      http.post(v1('/reset'), recorded(resets, accepted)),
    );
    const user = userEvent.setup();
    renderFlow('links-travel', 'tok');
    const password = await screen.findByLabelText('New password');
    // Touched and left empty.
    await user.click(password);
    await user.tab();
    expect(await screen.findByText(RESET_PASSWORD_MESSAGES.password)).toBeTruthy();
    await user.type(password, 'short');
    expect(await screen.findByText(RESET_PASSWORD_MESSAGES.criteria)).toBeTruthy();
    expect(screen.getByText('Password is in the rough')).toBeTruthy();
    await user.clear(password);
    await user.type(password, STRONG);
    expect(await screen.findByText("Hole in one! That's a strong password")).toBeTruthy();
    const confirmation = screen.getByLabelText('Confirm new password');
    await user.type(confirmation, `${STRONG}x`);
    await user.tab();
    expect(await screen.findByText(RESET_PASSWORD_MESSAGES.mismatch)).toBeTruthy();
    await user.clear(confirmation);
    await user.type(confirmation, STRONG);
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByRole('heading', { name: PASSWORD_UPDATED_TITLE })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(resets[0]?.body).toEqual({
      username: 'links-travel',
      token: 'tok',
      password: STRONG,
      password_confirmation: STRONG,
    });
  });

  it('a link used up while the form was open turns into the expired state on save', async () => {
    server.use(http.post(v1('/validate-token'), accepted), http.post(v1('/reset'), linkRefused));
    const user = userEvent.setup();
    renderFlow('links-travel', 'tok');
    await user.type(await screen.findByLabelText('New password'), STRONG);
    await user.type(screen.getByLabelText('Confirm new password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: LINK_EXPIRED_TITLE })).toBeTruthy());
  });
});
