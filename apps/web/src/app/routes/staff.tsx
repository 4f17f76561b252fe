import { StaffApp } from '@/features/staff/staff-app';
import { usePageTitle } from '@/hooks/use-page-title';

/** /staff/*: the resort staff's area, its own chunk, never loaded by the public pages. */
export default function StaffRoute() {
  usePageTitle('Staff');
  return <StaffApp />;
}
