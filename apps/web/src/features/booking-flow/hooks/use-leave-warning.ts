import { useEffect } from 'react';

let leavingOnPurpose = false;

/**
 * The site itself sends the browser away (the payment provider's 3-D Secure page, which returns to step 3): no
 * warning for that. Pass false again if the navigation did not happen.
 */
export function allowLeavingPage(allowed: boolean): void {
  leavingOnPurpose = allowed;
}

/**
 * Spec section 2: while a booking exists, leaving the page (reload, close, another site) asks first. Browsers show
 * their own wording; the event only has to be cancelled.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leavingOnPurpose) return;
      event.preventDefault();
      // Older browsers need returnValue set as well.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
