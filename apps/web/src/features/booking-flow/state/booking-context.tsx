import {
  createContext,
  type Dispatch,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useReducer,
} from 'react';
import { type BookingAction, bookingReducer } from './booking-reducer';
import type { BookingState } from './booking-state';
import { loadBookingState, saveBookingState } from './booking-storage';

type BookingContextValue = { state: BookingState; dispatch: Dispatch<BookingAction> };

const BookingContext = createContext<BookingContextValue | null>(null);

/** Holds the booking for every step of the flow and mirrors it into sessionStorage. */
export function BookingProvider({
  children,
  initialState,
}: {
  children: ReactNode;
  initialState?: BookingState;
}) {
  const [state, dispatch] = useReducer(bookingReducer, initialState, (given) => given ?? loadBookingState());
  useEffect(() => saveBookingState(state), [state]);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <BookingContext.Provider value={value}>{children}</BookingContext.Provider>;
}

export function useBooking(): BookingContextValue {
  const value = useContext(BookingContext);
  if (!value) throw new Error('useBooking must be used inside <BookingProvider>');
  return value;
}
