// @vitest-environment happy-dom
import {
  type CreateOperatorRequest,
  operatorLinkSentResponseSchema,
  type StaffOperator,
  staffOperatorDetailResponseSchema,
  staffOperatorListResponseSchema,
  staffOperatorResponseSchema,
} from '@links/shared/schemas/staff-operators';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, type Received, recorded, refuse, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';
import { staffMe, useStaffServer } from '../test/staff-me';
import { answerRecorded, resubmit } from '../test/staff-steps';

const FAIRWAY: StaffOperator = {
  id: 7,
  company_name: 'Fairway Golf Tours',
  username: 'fairway-tours',
  email: 'bookings@fairway.example',
  phone: '+44 1241 853000',
  deposit_percent: 50,
  trade_discount_percent: 0,
  status: 'active',
  password_set: true,
  created_at: '2026-01-05T10:00:00.000Z',
  upcoming_bookings: 2,
  due: 27_500,
  next_due_at: '2026-12-14T23:59:59.000Z',
};

function me(role: 'admin' | 'reservations') {
  return staffMe({ username: role, name: 'Alex Staff', role });
}

describe('tour operators in the staff area', () => {
  const created: Received[] = [];
  const updates: Received[] = [];
  const links: Received[] = [];
  let operator: StaffOperator = FAIRWAY;
  const server = useStaffServer({
    received: [created, updates, links],
    reset: () => {
      operator = FAIRWAY;
    },
    handlers: () => [
      me('admin'),
      http.get(v1('/staff/operators'), () => answer(staffOperatorListResponseSchema, { data: [operator] })),
      http.get(v1('/staff/operators/7'), () =>
        answer(staffOperatorDetailResponseSchema, {
          data: {
            operator,
            bookings: [
              {
                booking_number: '5550001112',
                state: 'deposit',
                first_tee_time: '2027-05-10T08:30:00.000Z',
                courses: ['Championship Course', 'Burnside Course'],
                players: 4,
                payment_method: 'deposit',
                payable: 55_000,
                paid: 27_500,
                due: 27_500,
                due_at: '2026-12-14T23:59:59.000Z',
              },
            ],
            colleagues: [
              {
                id: 12,
                name: 'Anna Reid',
                email_address: 'anna.reid@fairway-tours.example',
                status: 'invited',
                invited_at: '2026-11-02T10:00:00.000Z',
              },
            ],
          },
        }),
      ),
      http.post(
        v1('/staff/operators'),
        recorded(created, (_info, { body }) => {
          const request = body as CreateOperatorRequest;
          if (request.username === FAIRWAY.username) {
            return refuse(409, {
              code: 'username_taken',
              message: 'An operator with the username fairway-tours already exists.',
            });
          }
          return answer(staffOperatorResponseSchema, {
            data: {
              ...FAIRWAY,
              id: 8,
              ...request,
              password_set: false,
              upcoming_bookings: 0,
              due: 0,
              next_due_at: null,
            },
          });
        }),
      ),
      http.patch(
        v1('/staff/operators/7'),
        recorded(updates, (_info, { body }) => {
          operator = { ...operator, ...(body as Partial<StaffOperator>) };
          return answer(staffOperatorResponseSchema, { data: operator });
        }),
      ),
      http.post(
        v1('/staff/operators/7/password-link'),
        answerRecorded(links, operatorLinkSentResponseSchema, { sent_to: FAIRWAY.email }),
      ),
    ],
  });
  afterEach(() => cleanup());

  it('lists what each operator owes, and opens an account with no password shown', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/operators');
    const table = await screen.findByRole('table', { name: 'Tour operators' });
    const row = within(table).getByRole('row', { name: /Fairway Golf Tours/ });
    expect(row.textContent).toContain('£275.00');
    expect(row.textContent).toContain('14 Dec 2026');

    const form = screen.getByRole('form', { name: 'Open an account' });
    await user.click(within(form).getByRole('button', { name: 'Open the account' }));
    expect(
      await within(form).findByText('Please enter the company name (up to 200 characters).'),
    ).toBeTruthy();
    expect(created).toHaveLength(0);

    await user.type(within(form).getByLabelText('Company name'), 'Kingdom Golf Breaks');
    await user.type(within(form).getByLabelText('Username'), 'fairway-tours');
    await user.type(within(form).getByLabelText('E-mail'), 'desk@kingdom-golf.example');
    await user.click(within(form).getByRole('button', { name: 'Open the account' }));
    expect(
      (await screen.findByText('An operator with the username fairway-tours already exists.')).textContent,
    ).toBeTruthy();
    await user.clear(within(form).getByLabelText('Username'));
    await user.type(within(form).getByLabelText('Username'), 'kingdom');
    await resubmit(user, form, /Deposit/, '30', 'Open the account');
    expect(
      await screen.findByText(
        'The account of Kingdom Golf Breaks is open. An e-mail to desk@kingdom-golf.example asks them to choose their password.',
      ),
    ).toBeTruthy();
    expect(created.at(-1)?.body).toEqual({
      company_name: 'Kingdom Golf Breaks',
      username: 'kingdom',
      email: 'desk@kingdom-golf.example',
      deposit_percent: 30,
    });
  });

  it("shows an operator's bookings with their dues; an admin changes the deposit, sends a link and disables on a second press", async () => {
    const user = userEvent.setup();
    renderRoute('/staff/operators/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fairway Golf Tours' })).toBeTruthy();
    const bookings = screen.getByRole('table', { name: 'Their bookings, still to play first' });
    const colleagues = screen.getByRole('table', { name: 'Colleagues who book for the company' });
    expect(within(colleagues).getByRole('row', { name: /Anna Reid/ }).textContent).toContain(
      'Invitation sent, no password yet',
    );
    const row = within(bookings).getByRole('row', { name: /5550001112/ });
    expect(row.textContent).toContain('Championship Course, Burnside Course');
    expect(row.textContent).toContain('£275.00');
    expect(row.textContent).toContain('14 Dec 2026');

    // The two percentage forms: a value over the most is refused without a request, a good one is saved.
    for (const percent of [
      {
        form: 'Deposit percentage',
        label: 'Deposit (%)',
        submit: 'Save the deposit',
        tooMuch: '101',
        problem: 'The deposit must be a whole percentage from 0 to 100.',
        value: '40',
        saved: 'The deposit of Fairway Golf Tours is now 40 %, for bookings made from now on.',
      },
      {
        form: 'Trade rate',
        label: /Trade rate/,
        submit: 'Save the trade rate',
        tooMuch: '60',
        problem: 'The trade rate must be a whole percentage from 0 to 50.',
        value: '12',
        saved: 'Fairway Golf Tours now books at 12 % off green fees and combinations, from now on.',
      },
    ]) {
      const form = screen.getByRole('form', { name: percent.form });
      const sent = updates.length;
      await resubmit(user, form, percent.label, percent.tooMuch, percent.submit);
      expect(within(form).getByRole('alert').textContent).toBe(percent.problem);
      expect(updates).toHaveLength(sent);
      await resubmit(user, form, percent.label, percent.value, percent.submit);
      expect(await screen.findByText(percent.saved)).toBeTruthy();
    }

    await user.click(screen.getByRole('button', { name: 'Send a password reset link' }));
    expect(await screen.findByText(`A link to choose a password was sent to ${FAIRWAY.email}.`)).toBeTruthy();
    expect(links).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Disable the account...' }));
    expect(updates).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Disable and sign out now' }));
    expect(await screen.findByText('Fairway Golf Tours is disabled and signed out everywhere.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Enable the account' })).toBeTruthy();
    expect(updates.map((call) => call.body)).toEqual([
      { deposit_percent: 40 },
      { trade_discount_percent: 12 },
      { status: 'disabled' },
    ]);
  });

  it('lets the reservations desk read, not change', async () => {
    server.use(me('reservations'));
    renderRoute('/staff/operators/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fairway Golf Tours' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Deposit percentage' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable the account...' })).toBeNull();
    renderRoute('/staff/operators');
    expect(await screen.findAllByRole('table', { name: 'Tour operators' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Open an account' })).toBeNull();
  });
});
