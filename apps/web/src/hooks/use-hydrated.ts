import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in prerendered markup and while React adopts it, true from the render after (and at once on a page the
 * browser draws itself). Until then a prerendered form's submit button is disabled and its fields read-only: clicked
 * before the script has run, the browser would submit the form itself, as a GET that puts what was typed (a
 * password, a PIN) in the address bar, the history and the server's access log; and what is typed before the form
 * registers its fields is wiped when it does.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
