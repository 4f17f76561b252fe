import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLogout } from '../api/logout';
import styles from './logout-dialog.module.css';

export const LOGOUT_ERROR_MESSAGE = 'There was an unexpected error logging you out. Please try again.';

/** Content of the log-out modal: starts the call as soon as it is shown. */
export default function LogoutDialog({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const started = useRef(false);
  const { mutate } = logout;

  useEffect(() => {
    // Strict mode mounts effects twice in development; the call must go out once.
    if (started.current) return;
    started.current = true;
    mutate(undefined, {
      onSuccess: () => {
        close();
        navigate(paths.login.getHref());
      },
    });
  }, [mutate, close, navigate]);

  if (logout.isError) {
    return (
      <div className={styles.dialog}>
        <h2 className={styles.title}>That's not right.</h2>
        <p className={styles.text} role="alert">
          {LOGOUT_ERROR_MESSAGE}
        </p>
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.dialog}>
      <h2 className={styles.title}>Logging out...</h2>
      <Spinner size="lg" />
    </div>
  );
}
