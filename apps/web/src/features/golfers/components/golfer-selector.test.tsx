// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { bookingReducer } from '@/features/booking-flow/state/booking-reducer';
import { initialBookingState } from '@/features/booking-flow/state/booking-state';
import { type Received, recorded, refuse, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { useApiPage } from '@/test/use-api-page';
import { playerTypesQueryOptions } from '../api/get-player-types';
import { GolferSelector, UNDER_16_WARNING } from './golfer-selector';

const playerTypes = [
  { id: 1, name: 'Adult' },
  { id: 3, name: 'Under 16' },
];

function Harness() {
  const [state, dispatch] = useReducer(bookingReducer, initialBookingState);
  return (
    <GolferSelector
      golfers={state.golfers}
      onAdd={(playerTypes) => dispatch({ type: 'golfers/add', playerTypes })}
      onAddFirst={(playerTypes) => dispatch({ type: 'golfers/add-first', playerTypes })}
      onRemove={(position) => dispatch({ type: 'golfers/remove', position })}
      onTypeChange={(position, playerTypeId) =>
        dispatch({ type: 'golfers/set-type', position, playerTypeId })
      }
    />
  );
}

describe('GolferSelector', () => {
  const server = useApiPage('t');

  it('starts with one golfer, offers "Add a Golfer" and shows the spare places', async () => {
    renderWithProviders(<Harness />, (client) =>
      client.setQueryData(playerTypesQueryOptions().queryKey, playerTypes),
    );

    await screen.findByText('Golfer 1');
    expect(screen.getByRole('button', { name: 'Add a Golfer' })).toBeTruthy();
    expect(screen.getAllByText('Up to 4 golfers available')).toHaveLength(2);
    expect((screen.getByLabelText('Player type for golfer 1') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByRole('button', { name: 'Remove golfer 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('adds up to four golfers, removes by position and warns about under-16s', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />, (client) =>
      client.setQueryData(playerTypesQueryOptions().queryKey, playerTypes),
    );
    await screen.findByText('Golfer 1');

    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Add a Golfer' }));
    expect(screen.getByText('Golfer 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a Golfer' })).toBeNull();
    expect(screen.queryByText('Up to 4 golfers available')).toBeNull();

    expect(screen.queryByText(UNDER_16_WARNING)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Player type for golfer 2'), '3');
    expect(screen.getByText(UNDER_16_WARNING)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove golfer 2' }));
    expect(screen.queryByText('Golfer 4')).toBeNull();
    expect(screen.queryByText(UNDER_16_WARNING)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a Golfer' })).toBeTruthy();
  });

  it('loads the player types from GET /v1/players?types=1,3 and reports a failure', async () => {
    const calls: Received[] = [];
    server.use(
      http.get(
        v1('/players'),
        recorded(calls, () => refuse(500, { code: 'internal_error', message: 'Database unavailable' })),
      ),
    );
    renderWithProviders(<Harness />);

    await waitFor(() => expect(screen.getByText('There was an error loading the player types')).toBeTruthy());
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(calls[0]?.url).toBe('/v1/players?types=1%2C3');
  });
});
