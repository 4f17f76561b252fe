import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageLoading } from '@/components/layouts/page-loading';
import { paths } from '@/config/paths';
import { type Operator, useUser } from '../api/get-user';

export const PREPARING_LABEL = 'Preparing your experience';

/**
 * Login and reset pages: a signed-in operator is sent to the booking (spec section 2). The page shows while the
 * session check is under way, as nearly everyone who opens it is signed out: so it is drawn at once, and arrives
 * prerendered. What it draws never depends on the check, which may answer before the prerendered page has been
 * hydrated (a different first render would make React draw the page again, error 418): a signed-in operator who
 * opens it sees it until the check answers, then is sent on.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { operator } = useUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (operator) void navigate(signedInHome(operator), { replace: true });
  }, [operator, navigate]);
  return children;
}

/**
 * Where a signed-in operator starts: booking, or their account page while they are still on the one-time password
 * the resort gave them (issue 24: they book nothing until they have chosen their own).
 */
export function signedInHome(operator: Pick<Operator, 'password_change_required'>): string {
  return operator.password_change_required ? paths.manageAccount.getHref() : paths.home.getHref();
}

/**
 * Operator-only pages: anyone else goes to the login page, replacing this entry in the history. While the session
 * check is under way it draws `loading` (by default the site-wide loading frame).
 */
export function OperatorOnly({ children, loading }: { children: ReactNode; loading?: ReactNode }) {
  const { operator, isLoading } = useUser();
  if (isLoading) return loading ?? <PageLoading label={PREPARING_LABEL} />;
  if (!operator) return <Navigate to={paths.login.getHref()} replace />;
  return children;
}
