import type { ReactNode } from 'react';
import { MemoryRouter, type MemoryRouterProps, Route, Routes, useLocation } from 'react-router';
import { BookingShell } from '@/features/booking-flow/components/booking-shell';
import { BookingProvider } from '@/features/booking-flow/state/booking-context';
import type { BookingState } from '@/features/booking-flow/state/booking-state';
import { renderWithProviders } from './render-with-providers';

// The booking steps' pages under test, framed as the app frames them, with the path shown so a test can follow where
// a step sends the visitor.

const STEPS = {
  1: ['/', 'Create experience'],
  2: ['/contact-details', 'Add contact details'],
  3: ['/payment-details', 'Make your payment'],
} as const;

/** Step `step`'s route: `page` inside the booking shell (its lead is 'Lead'). */
export function stepRoute(step: keyof typeof STEPS, page: ReactNode) {
  const [path, heading] = STEPS[step];
  return (
    <Route
      path={path}
      element={
        <BookingShell step={step} eyebrow={`Step ${step} of 3`} heading={heading} lead="Lead">
          {page}
        </BookingShell>
      }
    />
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** `routes` (stepRoute's and others) with `state` as the booking, the current path in the test id 'where'. */
export function renderBookingRoutes(state: BookingState, router: MemoryRouterProps, routes: ReactNode) {
  return renderWithProviders(
    <MemoryRouter {...router}>
      <BookingProvider initialState={state}>
        <Where />
        <Routes>{routes}</Routes>
      </BookingProvider>
    </MemoryRouter>,
  );
}
