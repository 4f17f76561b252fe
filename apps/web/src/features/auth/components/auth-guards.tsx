import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '@/components/layouts/page-loading';
import { paths } from '@/config/paths';
import { useUser } from '../api/get-user';

export const PREPARING_LABEL = 'Preparing your experience';

/** Login and reset pages: a signed-in operator is sent to the booking (spec section 2). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { operator, isLoading } = useUser();
  if (isLoading) return <PageLoading label={PREPARING_LABEL} />;
  if (operator) return <Navigate to={paths.home.getHref()} replace />;
  return children;
}

/** Operator-only pages: anyone else goes to the login page, replacing this entry in the history. */
export function OperatorOnly({ children }: { children: ReactNode }) {
  const { operator, isLoading } = useUser();
  if (isLoading) return <PageLoading label={PREPARING_LABEL} />;
  if (!operator) return <Navigate to={paths.login.getHref()} replace />;
  return children;
}
