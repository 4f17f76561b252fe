import { createContext, useContext } from 'react';

/** A problem with the step as a whole, shown in the shell's error banner (spec section 8 headings and texts). */
export type StepError = {
  title: string;
  message: string;
  /** Further lines, e.g. per-field messages that have no field on screen. */
  details?: string[];
};

export type BookingShellValue = {
  /** A step change is under way (Continue pressed): the footer action is hidden until the route changes. */
  loading: boolean;
  startLoading: () => void;
  stopLoading: () => void;
  /** The hold ran out: the expired overlay is up and the footer action hidden. */
  expired: boolean;
  /** Shows (or with null clears) the step's error banner, moving focus to it. */
  showError: (error: StepError | null) => void;
};

export const BookingShellContext = createContext<BookingShellValue | null>(null);

/** The shell's loading flag, expiry and error banner, for anything rendered inside <BookingShell>. */
export function useBookingShell(): BookingShellValue {
  const value = useContext(BookingShellContext);
  if (!value) throw new Error('useBookingShell must be used inside <BookingShell>');
  return value;
}
