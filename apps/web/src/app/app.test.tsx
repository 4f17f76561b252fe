// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiNavigator } from '../lib/api-client';
import { clearMaintenanceNotice } from '../lib/maintenance-notice';
import { createQueryClient } from '../lib/query-client';
import { routes } from './router';
// The routes load lazily: imported here, their first transform by the test runner happens before the tests, not
// inside an assertion's time limit on a loaded machine.
import './routes/contact-details';
import './routes/home';
import './routes/login';
import './routes/manage-account';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const signedOut: Handler = (url) =>
  url.startsWith('/v1/user')
    ? Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
    : Response.json({ data: [] });

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('site shell', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="modal-root"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=test; path=/';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the 404 error page for unknown paths, inside the header and footer', async () => {
    stubApi(signedOut);
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
    stubApi(
      (url) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(signedOut(url) as Response);
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
    let logoutAnswer: Response = Response.json({ error: { message: 'Nope', code: 'x' } }, { status: 500 });
    const fetchMock = stubApi((url, init) => {
      if (url === '/v1/user') {
        return Response.json({
          data: { ID: 7, company_name: 'Fairway Tours', status: 'active', deposit_amount: 50 },
        });
      }
      if (url === '/v1/logout' && init?.method === 'POST') return logoutAnswer;
      return Response.json({ data: [] });
    });
    const router = renderAt('/manage-account');

    expect(await screen.findByRole('link', { name: /Online Booking - Tour Operator$/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Account' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Manage Account');

    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: "That's not right." })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    logoutAnswer = new Response(null, { status: 204 });
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/v1/logout')).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByRole('banner').textContent).not.toContain('Online Booking - Tour Operator'),
    );
  });

  it('sends the visitor home with the maintenance banner when a call answers 503', async () => {
    clearMaintenanceNotice();
    let down = true;
    const fetchMock = stubApi((url, init) =>
      down
        ? Response.json({ error: { code: 'maintenance', message: 'Down' } }, { status: 503 })
        : signedOut(url, init),
    );
    window.history.replaceState(null, '', '/contact-details');
    const router = createMemoryRouter(routes, { initialEntries: ['/contact-details'] });
    setApiNavigator((to) => {
      window.history.replaceState(null, '', to);
      void router.navigate(to);
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const statusLink = await screen.findByRole('link', { name: 'Check the service status' });
    const alert = statusLink.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('Service is currently unavailable due to maintenance.')).toBeTruthy();
    expect(statusLink.getAttribute('href')).toBe('/maintenance');
    // Every answer given (each 503 raises the notice again) has landed: one message, no form and no sign-in under it.
    await act(async () => {
      await Promise.allSettled(fetchMock.mock.results.map((result) => result.value));
    });
    expect(screen.getAllByText('Service is currently unavailable due to maintenance.')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(alert).queryByRole('button', { name: 'Dismiss message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a Golfer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Tour Operator Login' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Create experience' })).toBeTruthy();

    // Back: the status page clears the notice, and the form and sign-in return.
    down = false;
    act(() => clearMaintenanceNotice());
    expect(await screen.findByRole('button', { name: 'Add a Golfer' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Check the service status' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Tour Operator Login' }).length).toBeGreaterThan(0);
  });

  it('sends signed-out visitors from /manage-account to /login', async () => {
    stubApi(signedOut);
    const router = renderAt('/manage-account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
