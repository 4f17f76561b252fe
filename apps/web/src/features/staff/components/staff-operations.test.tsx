// @vitest-environment happy-dom
import {
  type MaintenanceStatus,
  mailRetriedResponseSchema,
  maintenanceStatusResponseSchema,
  staffMailMessageResponseSchema,
  staffMailPageResponseSchema,
  staffOperationsResponseSchema,
} from '@links/shared/schemas/staff-operations';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, type Received, recorded, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';
import { staffMe, useStaffServer } from '../test/staff-me';

const FAILED_MAIL = {
  id: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
  to: 'ada@example.com',
  subject: 'Your booking 4417730261 is confirmed',
  status: 'failed' as const,
  attempts: 10,
  last_error: 'ECONNREFUSED',
  booking_number: '4417730261',
  created_at: '2026-11-26T09:00:00.000Z',
  sent_at: null,
};

describe('the operations page', () => {
  const retries: Received[] = [];
  const switches: Received[] = [];
  let maintenance: MaintenanceStatus = { maintenance: false, forced_by_env: false, database_flag: false };
  useStaffServer({
    received: [retries, switches],
    reset: () => {
      maintenance = { maintenance: false, forced_by_env: false, database_flag: false };
    },
    handlers: () => [
      staffMe(),
      http.get(v1('/staff/operations'), () =>
        answer(staffOperationsResponseSchema, {
          data: {
            maintenance,
            mail: { pending: 0, failed: 1, sent_last_24_hours: 12 },
            holds: [
              {
                booking_number: '5550001112',
                operator: null,
                rounds: [{ course: 'Burnside Course', tee_time: '2026-12-01T10:00:00.000Z', players: 2 }],
                expires_at: '2026-11-26T09:15:00.000Z',
              },
            ],
            payments: [],
            automatic_refunds: [
              {
                id: 'pi_sbx_twice_0001',
                booking_number: '4417730262',
                amount: 5_500,
                reason: 'paid_twice',
                refunded_at: '2026-11-25T16:20:00.000Z',
              },
            ],
            refunds: [
              {
                booking_number: '4417730261',
                amount: 2_000,
                attempts: 3,
                next_attempt_at: '2026-11-26T10:00:00.000Z',
              },
            ],
          },
        }),
      ),
      http.get(v1('/staff/mail'), () =>
        answer(staffMailPageResponseSchema, {
          data: { messages: [FAILED_MAIL], total: 1, page: 1, page_size: 50 },
        }),
      ),
      http.get(v1(`/staff/mail/${FAILED_MAIL.id}`), () =>
        answer(staffMailMessageResponseSchema, {
          data: {
            ...FAILED_MAIL,
            text: 'Dear Ada,\nYour booking 4417730261 is confirmed.',
            attachments: ['booking.ics'],
          },
        }),
      ),
      http.put(
        v1('/staff/maintenance'),
        recorded(switches, (_info, { body }) => {
          const enabled = (body as { enabled: boolean }).enabled;
          maintenance = { maintenance: enabled, forced_by_env: false, database_flag: enabled };
          return answer(maintenanceStatusResponseSchema, { data: maintenance });
        }),
      ),
      http.post(
        v1(`/staff/mail/${FAILED_MAIL.id}/retry`),
        recorded(retries, () =>
          answer(mailRetriedResponseSchema, { data: { id: FAILED_MAIL.id, status: 'pending' } }),
        ),
      ),
    ],
  });
  afterEach(() => cleanup());

  it('shows what waits, reads a failed message as text and sends it again', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/operations');
    expect(
      await screen.findByText(
        'E-mail: 0 waiting to send, 1 failed, 12 sent in the last 24 hours · 1 live hold · 2 payments need attention',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Live holds' }).textContent).toContain('Burnside Course');
    const attention = screen.getByRole('region', { name: 'Payments needing attention' });
    expect(attention.textContent).toContain('Refund of £20.00 waiting for the card provider (3 tries');
    expect(attention.textContent).toContain(
      'Card payment pi_sbx_twice_0001 of £55.00 refunded 25 Nov 2026, 16:20: the booking had already been paid; booking 4417730262',
    );
    const outbox = await screen.findByRole('table', { name: 'Outbox, page 1' });
    await user.click(within(outbox).getByRole('button', { name: `Read the message ${FAILED_MAIL.subject}` }));
    expect((await screen.findByText(/Dear Ada,/)).textContent).toContain(
      'Your booking 4417730261 is confirmed.',
    );
    await user.click(within(outbox).getByRole('button', { name: `Send ${FAILED_MAIL.subject} again` }));
    expect(
      await screen.findByText(`"${FAILED_MAIL.subject}" to ada@example.com is waiting to send again.`),
    ).toBeTruthy();
    expect(retries).toHaveLength(1);
  });

  it('closes the site for maintenance only on a second press, and opens it again', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/operations');
    const panel = await screen.findByRole('region', { name: 'Maintenance' });
    expect(panel.textContent).toContain('The booking site is open.');
    await user.click(within(panel).getByRole('button', { name: 'Close for maintenance...' }));
    expect(switches).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Keep it open' }));
    await user.click(within(panel).getByRole('button', { name: 'Close for maintenance...' }));
    await user.click(within(panel).getByRole('button', { name: 'Close the site now' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The booking site is closed for maintenance.',
    );
    expect(await within(panel).findByText('The booking site is closed for maintenance.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Open the booking site' }));
    expect(await screen.findByText('The booking site is open again.')).toBeTruthy();
    expect(switches.map((call) => call.body)).toEqual([{ enabled: true }, { enabled: false }]);
  });
});
