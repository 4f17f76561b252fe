// @vitest-environment happy-dom

import { userResponseSchema } from '@links/shared/schemas/auth';
import { coursesResponseSchema } from '@links/shared/schemas/courses';
import { emptyResponseSchema } from '@links/shared/schemas/envelope';
import { operatorDetailsResponseSchema } from '@links/shared/schemas/operator-account';
import { colleaguesResponseSchema } from '@links/shared/schemas/operator-colleagues';
import { playersResponseSchema } from '@links/shared/schemas/players';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiNavigator } from '@/lib/api-client';
import { clearMaintenanceNotice } from '@/lib/maintenance-notice';
import { TEST_OPERATOR, TEST_OPERATOR_DETAILS } from '@/test/api-fixtures';
import { signedOut } from '@/test/api-handlers';
import { answer, type Received, recorded, refuse, useApiServer, v1 } from '@/test/api-server';
import { TEST_COURSES, TEST_PLAYER_TYPES } from '@/test/course-fixtures';
import { renderRoute as renderAt } from '@/test/render-route';
// The routes load lazily: imported here, their first transform by the test runner happens before the tests, not
// inside an assertion's time limit on a loaded machine.
import './routes/contact-details';
import './routes/home';
import './routes/login';
import './routes/manage-account';

describe('site shell', () => {
  const server = useApiServer();
  beforeEach(() => {
    document.body.innerHTML = '<div id="modal-root"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=test; path=/';
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the 404 error page for unknown paths, inside the header and footer', async () => {
    server.use(signedOut());
    renderAt('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'A swing and a miss!' })).toBeTruthy();
    expect(screen.getByText('404 Not Found')).toBeTruthy();
    expect(screen.getByText('Sorry, it looks like you found a little problem')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('404 | Online Booking');
    expect(screen.getByRole('contentinfo').textContent).toContain('VAT registration number');
  });

  it('shows Loading on the login button while the session check runs, then the login link', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(v1('/user'), async () => {
        await answered;
        return answer(userResponseSchema, { data: null });
      }),
    );
    renderAt('/login');

    const loading = await screen.findByRole('button', { name: /Loading/ });
    expect((loading as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());

    const header = screen.getByRole('banner');
    await waitFor(() => expect(header.textContent).toContain('Tour Operator Login'));
    expect(header.textContent).not.toContain('Tour Operator Login - ');
    expect(header.textContent).toContain('Online Booking');
    expect(header.textContent).not.toContain('Online Booking - Tour Operator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tour Operator Login' })).toBeTruthy();
  });

  it('labels the header for a signed-in operator and logs out through the modal', async () => {
    let loggedOut = false;
    const logouts: Received[] = [];
    server.use(
      http.get(v1('/user'), () => answer(userResponseSchema, { data: loggedOut ? null : TEST_OPERATOR })),
      http.get(v1('/user/details'), () =>
        answer(operatorDetailsResponseSchema, { data: TEST_OPERATOR_DETAILS }),
      ),
      http.get(v1('/user/colleagues'), () => answer(colleaguesResponseSchema, { data: [] })),
      http.post(
        v1('/logout'),
        recorded(logouts, () => {
          if (logouts.length === 1) return refuse(500, { code: 'internal_error', message: 'Nope' });
          loggedOut = true;
          return answer(emptyResponseSchema, { data: {} });
        }),
      ),
    );
    const user = userEvent.setup();
    const router = renderAt('/manage-account');

    expect(await screen.findByRole('link', { name: /Online Booking - Tour Operator$/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Account' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Manage Account');

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: "That's not right." })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logouts).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByRole('banner').textContent).not.toContain('Online Booking - Tour Operator'),
    );
  });

  it('sends the visitor home with the maintenance banner when a call answers 503', async () => {
    clearMaintenanceNotice();
    server.use(http.all(v1('/*'), () => refuse(503, { code: 'maintenance', message: 'Down' })));
    // Kept to wait below for every answer to land: the spy passes each call on.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    window.history.replaceState(null, '', '/contact-details');
    // The client's first call leaves after the render, by when the navigator is set.
    const router = renderAt('/contact-details');
    setApiNavigator((to) => {
      window.history.replaceState(null, '', to);
      void router.navigate(to);
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const statusLink = await screen.findByRole('link', { name: 'Check the service status' });
    const alert = statusLink.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('Service is currently unavailable due to maintenance.')).toBeTruthy();
    expect(statusLink.getAttribute('href')).toBe('/maintenance');
    // Every answer given (each 503 raises the notice again) has landed: one message, no form and no sign-in under it.
    await act(async () => {
      await Promise.allSettled(fetchSpy.mock.results.map((result) => result.value));
    });
    expect(screen.getAllByText('Service is currently unavailable due to maintenance.')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(alert).queryByRole('button', { name: 'Dismiss message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a Golfer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Tour Operator Login' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Create experience' })).toBeTruthy();

    // Back: the status page clears the notice, and the form and sign-in return.
    server.use(
      signedOut(),
      http.get(v1('/players'), () => answer(playersResponseSchema, { data: TEST_PLAYER_TYPES })),
      http.get(v1('/courses'), () => answer(coursesResponseSchema, { data: TEST_COURSES })),
    );
    act(() => clearMaintenanceNotice());
    expect(await screen.findByRole('button', { name: 'Add a Golfer' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Check the service status' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Tour Operator Login' }).length).toBeGreaterThan(0);
  });

  it('sends signed-out visitors from /manage-account to /login', async () => {
    server.use(signedOut());
    const router = renderAt('/manage-account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
