import { useEffect } from 'react';

/**
 * Spec section 2: while a booking exists, leaving the page (reload, close, another site) asks first. Browsers show
 * their own wording; the event only has to be cancelled.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set as well.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
