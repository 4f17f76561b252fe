import { apiFetch } from '@/lib/api-client';

export type MaintenanceCheck = 'maintenance' | 'available';

/**
 * Asks GET /v1/maintenance whether the service is back. The status is the answer (503 = still in
 * maintenance), so this bypasses the client's 503 redirect. Like every read it skips the CSRF fetch, which
 * matters here: the token endpoint may be down with everything else.
 *
 * Rejects on a network failure and on other 5xx answers: a gateway error (502/504 while a release
 * rolls out, or no API at all) means the check failed, not that the service is back, and counting it
 * as recovery would bounce the visitor to a site that cannot answer.
 */
export async function checkMaintenance(): Promise<MaintenanceCheck> {
  const response = await apiFetch('/maintenance');
  // Read, though only the status matters: an unread answer stays open in the browser.
  await response.text().catch(() => '');
  if (response.status === 503) return 'maintenance';
  if (response.status >= 500) throw new Error(`Maintenance check failed with status ${response.status}`);
  return 'available';
}
