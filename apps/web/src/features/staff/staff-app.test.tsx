// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { createQueryClient } from '../../lib/query-client';
import { apiError, stubApi } from '../auth/test/stub-api';

const ADMIN = {
  id: 1,
  username: 'admin',
  name: 'Alex Admin',
  email: 'alex@example.com',
  role: 'admin',
  status: 'active',
  factor_enrolled: true,
  created_at: '2026-11-01T09:00:00Z',
};

const unauthorised = () => apiError(401, 'Please sign in.', 'staff_session_required');

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('/staff', () => {
  beforeAll(async () => {
    await import('../../app/routes/staff');
  }, 60_000);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('signs in with a password, enrols the authenticator app, then a code opens the pages of the role', async () => {
    let signedIn = false;
    const calls = stubApi(({ url, method }) => {
      if (url.startsWith('/v1/staff/me')) return signedIn ? Response.json({ data: ADMIN }) : unauthorised();
      if (url === '/v1/staff/session' && method === 'POST') {
        return Response.json({
          data: {
            stage: 'enrol',
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            otpauth_uri: 'otpauth://totp/Links:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
            qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          },
        });
      }
      if (url === '/v1/staff/session/code') {
        signedIn = true;
        return Response.json({ data: ADMIN });
      }
      if (url === '/v1/staff/users') return Response.json({ data: [ADMIN] });
      return undefined;
    });
    const router = renderAt('/staff');

    const form = await screen.findByRole('form', { name: 'Staff sign-in' });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText('Please enter your username')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { name: 'Set up your authenticator app' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter the 6-digit code from your authenticator app')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const nav = await screen.findByRole('navigation', { name: 'Staff pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Staff users', 'Audit log', 'Your account']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/users'));
    const users = await screen.findByRole('table', { name: 'Staff users' });
    expect(within(users).getByRole('rowheader', { name: /Alex Admin/ })).toBeTruthy();
    expect(calls.find((call) => call.url === '/v1/staff/session')?.body).toEqual({
      username: 'admin',
      password: 'correct horse',
    });
    expect(calls.find((call) => call.url === '/v1/staff/session/code')?.body).toEqual({ code: '123456' });
  });

  it("shows a starter only their own account, and the server's refusal of a wrong code", async () => {
    stubApi(({ url }) =>
      url.startsWith('/v1/staff/me') ? Response.json({ data: { ...ADMIN, role: 'starter' } }) : undefined,
    );
    const router = renderAt('/staff/users');
    const nav = await screen.findByRole('navigation', { name: 'Staff pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Your account']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    cleanup();

    stubApi(({ url }) => {
      if (url.startsWith('/v1/staff/me')) return unauthorised();
      if (url === '/v1/staff/session') return Response.json({ data: { stage: 'code' } });
      if (url === '/v1/staff/session/code') {
        return Response.json(
          {
            error: { code: 'staff_sign_in_failed', message: 'The username, password or code is not right.' },
          },
          { status: 401 },
        );
      }
      return undefined;
    });
    renderAt('/staff');
    const form = await screen.findByRole('form', { name: 'Staff sign-in' });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'sam' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The username, password or code is not right.')).toBeTruthy();
  });
});
