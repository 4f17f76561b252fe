// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

  it('is a real link to the path and navigates inside the app on a plain click', () => {
    renderLink(<Link to="/login?next=%2Faccount">Log in</Link>);
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Faccount');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/login?next=%2Faccount');
  });

  it('leaves a modified click (new tab, new window) to the browser', () => {
    renderLink(<Link to="/login">Log in</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }), { metaKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/start');
  });

  it('runs its own onClick first and stays put when that prevents the default', () => {
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
    fireEvent.click(link);
    expect(seen).toEqual(['clicked']);
    expect(screen.getByTestId('where').textContent).toBe('/start');
  });
});
