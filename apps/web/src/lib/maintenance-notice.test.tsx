// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearMaintenanceNotice,
  MAINTENANCE_MESSAGE,
  raiseMaintenanceNotice,
  useMaintenanceNotice,
} from './maintenance-notice';

function Notice() {
  return <p>{useMaintenanceNotice() ?? 'no notice'}</p>;
}

afterEach(() => {
  clearMaintenanceNotice();
});

describe('useMaintenanceNotice while hydrating the prerendered page', () => {
  it('matches the markup when a 503 raised the notice before hydration, then shows the notice', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Notice />);
    expect(container.textContent).toBe('no notice');

    raiseMaintenanceNotice();
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Notice />, { onRecoverableError: (error) => void recoverable.push(error) });
    });

    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe(MAINTENANCE_MESSAGE);
  });
});
