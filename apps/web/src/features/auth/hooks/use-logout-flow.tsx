import { lazy, useCallback } from 'react';
import { useModal } from '@/components/ui/modal';

// Only a signed-in operator can log out: the dialog (and its log-out call) loads when it opens.
const LogoutDialog = lazy(() => import('../components/logout-dialog'));

/** Opens the 'Logging out...' modal, which performs the log-out and shows its outcome. */
export function useLogoutFlow(): () => void {
  const modal = useModal();
  return useCallback(() => {
    modal.open(({ close }) => <LogoutDialog close={close} />, { label: 'Log out', size: 'sm' });
  }, [modal]);
}
