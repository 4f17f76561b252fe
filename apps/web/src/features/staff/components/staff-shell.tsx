import type { StaffUser } from '@links/shared/schemas/staff';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { env } from '@/config/env';
import { useStaffSignOut } from '../api/staff-api';
import type { StaffPage } from '../staff-app';
import styles from './staff.module.css';

/** The signed-in user's own page: reached from their name in the bar, not from the menu. */
const ACCOUNT_PATH = 'account';

const ROLE_LABELS: Record<StaffUser['role'], string> = {
  admin: 'Administrator',
  reservations: 'Reservations',
  starter: 'Starter',
};

/** The staff area's frame: a compact bar with the pages of the user's role, who is signed in (a link to their account), and sign-out. */
export function StaffShell({
  user,
  pages,
  children,
}: {
  user: StaffUser;
  pages: StaffPage[];
  children: ReactNode;
}) {
  const signOut = useStaffSignOut();
  // Not NavLink: it would pull React Router's framework-mode link code into the entry every public page loads.
  const { pathname } = useLocation();
  return (
    <div className={styles.shell}>
      <a className={styles['skip-link']} href="#main">
        Skip to content
      </a>
      <header className={styles.bar}>
        <p className={styles.brand}>
          {env.resortName} <span className={styles['brand-sub']}>Staff</span>
        </p>
        <nav aria-label="Staff pages" className={styles.nav}>
          <ul>
            {pages
              .filter((page) => page.path !== ACCOUNT_PATH)
              .map((page) => (
                <li key={page.path}>
                  <Link
                    to={`/staff/${page.path}`}
                    aria-current={pathname === `/staff/${page.path}` ? 'page' : undefined}
                  >
                    {page.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <div className={styles.who}>
          {/* Who is signed in, and the way to their own account: one link, so the menu keeps one line at 1280 px. */}
          <Link
            to={`/staff/${ACCOUNT_PATH}`}
            className={styles['who-link']}
            aria-label={`${user.name} ${ROLE_LABELS[user.role]}: your account`}
            aria-current={pathname === `/staff/${ACCOUNT_PATH}` ? 'page' : undefined}
          >
            {user.name} <span className={styles.role}>{ROLE_LABELS[user.role]}</span>
          </Link>
          <button
            type="button"
            className={styles['bar-button']}
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
