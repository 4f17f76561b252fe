// @vitest-environment happy-dom
import { userResponseSchema } from '@links/shared/schemas/auth';
import { operatorDetailsResponseSchema } from '@links/shared/schemas/operator-account';
import {
  COLLEAGUE_MESSAGES,
  type Colleague,
  colleagueResponseSchema,
  colleaguesResponseSchema,
} from '@links/shared/schemas/operator-colleagues';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR, TEST_OPERATOR_DETAILS } from '@/test/api-fixtures';
import { answer, type Received, recorded, refuse, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';
import { useApiPage } from '@/test/use-api-page';

// Issue 24, colleagues on /manage-account: the administrator sees, invites and removes colleagues, each change
// announced where they are looking; a colleague sees the company's details read-only and no colleague controls.

const ANNA: Colleague = {
  id: 41,
  name: 'Anna Reid',
  email_address: 'anna.reid@fairway-tours.example',
  status: 'active',
  invited_at: '2026-03-02T10:00:00.000Z',
};

describe('Colleagues', () => {
  const server = useApiPage('test-token');
  beforeAll(async () => {
    await import('@/app/routes/manage-account');
  }, 60_000);

  it('lists colleagues, invites one and removes one after asking', async () => {
    const calls: Received[] = [];
    let colleagues: Colleague[] = [ANNA];
    server.use(
      http.get(v1('/user'), () => answer(userResponseSchema, { data: TEST_OPERATOR })),
      http.get(v1('/user/details'), () =>
        answer(operatorDetailsResponseSchema, { data: TEST_OPERATOR_DETAILS }),
      ),
      http.get(v1('/user/colleagues'), () => answer(colleaguesResponseSchema, { data: colleagues })),
      http.post(
        v1('/user/colleagues'),
        recorded(calls, (_info, { body }) => {
          const { name, email_address } = body as { name: string; email_address: string };
          if (email_address.startsWith('taken')) {
            return refuse(409, {
              code: 'username_taken',
              message: COLLEAGUE_MESSAGES.taken,
              fields: { email_address: COLLEAGUE_MESSAGES.taken },
            });
          }
          const added: Colleague = { ...ANNA, id: 42, name, email_address, status: 'invited' };
          colleagues = [...colleagues, added];
          return answer(colleagueResponseSchema, { data: added }, { status: 201 });
        }),
      ),
      http.delete(
        v1('/user/colleagues/41'),
        recorded(calls, () => {
          colleagues = colleagues.filter((colleague) => colleague.id !== 41);
          return answer(colleagueResponseSchema, { data: ANNA });
        }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/manage-account');
    const section = await screen.findByRole('region', { name: 'Colleagues' });
    const table = await within(section).findByRole('table');
    expect(within(table).getByRole('row', { name: /Anna Reid/ }).textContent).toContain('Active');

    // Refused: the address is someone's username already; the message sits on the field.
    await user.type(within(section).getByLabelText('Name'), 'Ben Crenshaw');
    await user.type(within(section).getByLabelText('E-mail address'), 'taken@fairway-tours.example');
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }));
    expect(await within(section).findByText(COLLEAGUE_MESSAGES.taken)).toBeTruthy();

    await user.clear(within(section).getByLabelText('E-mail address'));
    await user.type(within(section).getByLabelText('E-mail address'), 'ben@fairway-tours.example');
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }));
    const sent = await within(section).findByText(COLLEAGUE_MESSAGES.invited('ben@fairway-tours.example'));
    await waitFor(() => expect(sent.closest('[tabindex="-1"]')).toBe(document.activeElement));
    expect(calls.at(-1)?.body).toEqual({ name: 'Ben Crenshaw', email_address: 'ben@fairway-tours.example' });
    expect((await within(section).findByRole('row', { name: /Ben Crenshaw/ })).textContent).toContain(
      'Invitation sent',
    );
    expect((within(section).getByLabelText('Name') as HTMLInputElement).value).toBe('');

    // Removal asks first; Keep changes nothing and gives the focus back.
    await user.click(within(section).getByRole('button', { name: 'Remove Anna Reid' }));
    await user.click(within(section).getByRole('button', { name: 'Keep' }));
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Remove Anna Reid' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(within(section).getByRole('button', { name: 'Remove Anna Reid' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, remove Anna Reid' }));
    expect(await within(section).findByText(COLLEAGUE_MESSAGES.removed('Anna Reid'))).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('row', { name: /Anna Reid/ })).toBeNull());
  });

  it('shows a colleague the company’s details to read, and no colleague controls', async () => {
    server.use(
      http.get(v1('/user'), () => answer(userResponseSchema, { data: { ...TEST_OPERATOR, id: 41, ID: 41 } })),
      http.get(v1('/user/details'), () =>
        answer(operatorDetailsResponseSchema, {
          data: {
            ...TEST_OPERATOR_DETAILS,
            signed_in_as: {
              name: 'Anna Reid',
              username: 'anna.reid@fairway-tours.example',
              email_address: 'anna.reid@fairway-tours.example',
              administrator: false,
            },
          },
        }),
      ),
    );
    renderRoute('/manage-account');
    const details = await screen.findByRole('region', { name: 'Company details' });
    expect(screen.getByText('Welcome back, Anna Reid. You book for Fairway Golf Tours.')).toBeTruthy();
    expect(details.textContent).toContain('Anna Reid (anna.reid@fairway-tours.example)');
    expect(details.textContent).toContain('12 Links Parade, Carnoustie, Angus, DD7 7JE, United Kingdom');
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Colleagues' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Update Password' })).toBeTruthy();
  });
});
