// @vitest-environment happy-dom
import {
  staffSignInResponseSchema,
  staffUserResponseSchema,
  staffUsersResponseSchema,
} from '@links/shared/schemas/staff';
import { staffTeeSheetResponseSchema } from '@links/shared/schemas/staff-tee-sheet';
import { ADMIN_STAFF_PAGES } from '@links/shared/test/staff-pages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, type Received, recorded, refuse, v1 } from '@/test/api-server';
import { renderRoute as renderAt } from '@/test/render-route';
import { TEST_STAFF_ADMIN, useStaffServer } from './test/staff-me';
import { answerRecorded, openForm, textsOf } from './test/staff-steps';

const ADMIN = TEST_STAFF_ADMIN;

const COURSES = [{ id: 1, name: 'Championship Course' }];
const emptySheet = () =>
  answer(staffTeeSheetResponseSchema, {
    data: {
      course: COURSES[0]!,
      date: '2026-11-26',
      courses: COURSES,
      slots: [],
      totals: { slots: 0, blocked: 0, golfers: 0, bookings: 0, arrived: 0, no_show: 0 },
    },
  });

const unauthorised = () => refuse(401, { code: 'staff_unauthorized', message: 'Please sign in.' });

describe('/staff', () => {
  const server = useStaffServer({});
  afterEach(() => cleanup());

  it('signs in with a password, enrols the authenticator app, then a code opens the pages of the role', async () => {
    let signedIn = false;
    const passwords: Received[] = [];
    const codes: Received[] = [];
    server.use(
      http.get(v1('/staff/me'), () =>
        signedIn ? answer(staffUserResponseSchema, { data: ADMIN }) : unauthorised(),
      ),
      http.post(
        v1('/staff/session'),
        answerRecorded(passwords, staffSignInResponseSchema, {
          stage: 'enrol',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          otpauth_uri: 'otpauth://totp/Links:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        }),
      ),
      http.post(
        v1('/staff/session/code'),
        recorded(codes, () => {
          signedIn = true;
          return answer(staffUserResponseSchema, { data: ADMIN });
        }),
      ),
      http.get(v1('/staff/users'), () => answer(staffUsersResponseSchema, { data: [ADMIN] })),
      http.get(v1('/staff/tee-sheet'), emptySheet),
    );
    const { user, form, router } = await openForm('/staff', 'Staff sign-in');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText('Please enter your username')).toBeTruthy();
    await user.type(within(form).getByLabelText('Username'), 'admin');
    await user.type(within(form).getByLabelText('Password'), 'correct horse');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { name: 'Set up your authenticator app' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    await user.type(screen.getByLabelText('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter the 6-digit code from your authenticator app')).toBeTruthy();
    await user.type(screen.getByLabelText('Authentication code'), '6');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const nav = await screen.findByRole('navigation', { name: 'Staff pages' });
    expect(textsOf(nav, 'link')).toEqual(ADMIN_STAFF_PAGES);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/tee-sheet'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tee sheet' })).toBeTruthy();
    await user.click(within(nav).getByRole('link', { name: 'Staff users' }));
    const users = await screen.findByRole('table', { name: 'Staff users' });
    expect(within(users).getByRole('rowheader', { name: /Alex Admin/ })).toBeTruthy();
    expect(passwords.map((call) => call.body)).toEqual([{ username: 'admin', password: 'correct horse' }]);
    expect(codes.map((call) => call.body)).toEqual([{ code: '123456' }]);
  });

  it("shows a starter only the tee sheet and their own account, and the server's refusal of a wrong code", async () => {
    server.use(
      http.get(v1('/staff/me'), () =>
        answer(staffUserResponseSchema, { data: { ...ADMIN, role: 'starter' } }),
      ),
      http.get(v1('/staff/tee-sheet'), emptySheet),
    );
    const router = renderAt('/staff/users');
    const nav = await screen.findByRole('navigation', { name: 'Staff pages' });
    expect(textsOf(nav, 'link')).toEqual(['Tee sheet']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/tee-sheet'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tee sheet' })).toBeTruthy();
    expect(await screen.findByText('No tee times on this day.')).toBeTruthy();
    cleanup();

    server.use(
      http.get(v1('/staff/me'), unauthorised),
      http.post(v1('/staff/session'), () => answer(staffSignInResponseSchema, { data: { stage: 'code' } })),
      http.post(v1('/staff/session/code'), () =>
        refuse(401, {
          code: 'staff_sign_in_failed',
          message: 'The username, password or code is not right.',
        }),
      ),
    );
    const { user, form } = await openForm('/staff', 'Staff sign-in');
    await user.type(within(form).getByLabelText('Username'), 'sam');
    await user.type(within(form).getByLabelText('Password'), 'x');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The username, password or code is not right.')).toBeTruthy();
  });
});
