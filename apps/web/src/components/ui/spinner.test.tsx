// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  afterEach(cleanup);

  it('is a status announcing "Loading" when no label is given', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading');
    expect(status.dataset.variant).toBe('default');
    expect(status.dataset.size).toBe('md');
  });

  it('shows its label and takes the light, dark and size styles', () => {
    render(<Spinner variant="light" size="lg" label="Checking for booking..." />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Checking for booking...');
    expect(status.dataset.variant).toBe('light');
    expect(status.className).toContain('spinner-lg');

    cleanup();
    render(<Spinner variant="dark" size="sm" />);
    expect(screen.getByRole('status').dataset.variant).toBe('dark');
    expect(screen.getByRole('status').className).toContain('spinner-sm');
  });
});
