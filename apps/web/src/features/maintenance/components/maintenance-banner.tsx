import { Alert } from '@/components/ui/alert';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useMaintenanceNotice } from '@/lib/maintenance-notice';

/**
 * Shown on `/` after any call answered 503 (the API client sends the visitor there), in place of the booking form.
 * The spec asks for a redirect home with the message; the link to the status page lets the visitor wait there. Not
 * dismissible: nothing under it works until the service is back (the status page clears it then).
 */
export function MaintenanceBanner() {
  const notice = useMaintenanceNotice();
  if (!notice) return null;
  return (
    <Alert type="error" title={notice}>
      <p>
        Booking is paused while we make updates.{' '}
        <Link to={paths.maintenance.getHref()}>Check the service status</Link>
      </p>
    </Alert>
  );
}
