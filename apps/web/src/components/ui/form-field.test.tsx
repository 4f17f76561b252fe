// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordField } from './form-field';

describe('PasswordField', () => {
  afterEach(cleanup);

  it('marks an optional password in its label, not as an attribute of the input', () => {
    render(<PasswordField label="Password" optional hint="Leave empty to have one made." />);
    const input = screen.getByLabelText(/^Password/);
    expect(input.closest('div')?.parentElement?.textContent).toContain('(optional)');
    expect(input.hasAttribute('optional')).toBe(false);
    expect(screen.getByText('Leave empty to have one made.')).toBeTruthy();
  });
});
