// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link } from './link';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderLink(link: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/start']}>
      <Where />
      <Routes>
        <Route path="*" element={link} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  afterEach(cleanup);

  it('is a real link to the path and navigates inside the app on a plain click', async () => {
    const user = userEvent.setup();
    renderLink(<Link to="/login?next=%2Faccount">Log in</Link>);
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Faccount');
    await user.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/login?next=%2Faccount');
  });

  it('leaves a modified click (new tab, new window) to the browser', async () => {
    const user = userEvent.setup();
    renderLink(<Link to="/login">Log in</Link>);
    // Held down while clicking: Control (a new tab), then Meta (the same on a Mac).
    for (const key of ['Control', 'Meta']) {
      await user.keyboard(`{${key}>}`);
      await user.click(screen.getByRole('link', { name: 'Log in' }));
      await user.keyboard(`{/${key}}`);
    }
    expect(screen.getByTestId('where').textContent).toBe('/start');
  });

  it('runs its own onClick first and stays put when that prevents the default', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    renderLink(
      <Link
        to="/login"
        className="x"
        onClick={(event) => {
          seen.push('clicked');
          event.preventDefault();
        }}
      >
        Log in
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link.className).toBe('x');
    await user.click(link);
    expect(seen).toEqual(['clicked']);
    expect(screen.getByTestId('where').textContent).toBe('/start');
  });
});
