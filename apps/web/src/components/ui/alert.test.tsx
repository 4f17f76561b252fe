// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert, type AlertType } from './alert';

describe('Alert', () => {
  afterEach(cleanup);

  it.each<[AlertType, 'alert' | 'status']>([
    ['error', 'alert'],
    ['alert', 'alert'],
    ['warning', 'status'],
    ['info', 'status'],
    ['success', 'status'],
    ['view-only', 'status'],
  ])('a %s alert has role %s', (type, role) => {
    render(
      <Alert type={type} title="Heading">
        Details
      </Alert>,
    );
    const alert = screen.getByRole(role);
    expect(alert.dataset.type).toBe(type);
    expect(alert.textContent).toContain('Heading');
    expect(alert.textContent).toContain('Details');
  });

  it('shows a dismiss button only when it can be dismissed', async () => {
    const onDismiss = vi.fn();
    const { rerender } = render(<Alert type="success">Saved</Alert>);
    expect(screen.queryByRole('button')).toBeNull();

    rerender(
      <Alert type="success" onDismiss={onDismiss}>
        Saved
      </Alert>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
