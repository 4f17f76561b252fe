import { useCallback, useEffect, useRef, useState } from 'react';
import { clearMaintenanceNotice } from '@/lib/maintenance-notice';
import { checkMaintenance, type MaintenanceCheck } from '../api/check-maintenance';

export const MAINTENANCE_POLL_MS = 30_000;
export const RECOVERY_REDIRECT_MS = 1_000;

export type MaintenanceStatus = 'checking' | 'maintenance' | 'available' | 'error';

export type MaintenancePollOptions = {
  intervalMs?: number;
  redirectDelayMs?: number;
  check?: () => Promise<MaintenanceCheck>;
  /** Runs once the service answers again; defaults to a full reload of `/` to pick up the new release. */
  onRecovered?: () => void;
};

export function useMaintenancePoll({
  intervalMs = MAINTENANCE_POLL_MS,
  redirectDelayMs = RECOVERY_REDIRECT_MS,
  check = checkMaintenance,
  onRecovered = () => window.location.assign('/'),
}: MaintenancePollOptions = {}) {
  const [status, setStatus] = useState<MaintenanceStatus>('checking');
  const [isChecking, setIsChecking] = useState(false);
  const recovered = useRef(false);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const checkRef = useRef(check);
  checkRef.current = check;

  const recheck = useCallback(async () => {
    if (recovered.current || inFlight.current) return;
    inFlight.current = true;
    setIsChecking(true);
    try {
      const result = await checkRef.current();
      if (!mounted.current) return;
      if (result === 'available') recovered.current = true;
      setStatus(result);
    } catch {
      if (mounted.current) setStatus('error');
    } finally {
      inFlight.current = false;
      if (mounted.current) setIsChecking(false);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void recheck();
    const timer = window.setInterval(() => void recheck(), intervalMs);
    return () => {
      mounted.current = false;
      window.clearInterval(timer);
    };
  }, [recheck, intervalMs]);

  const recoveredRef = useRef(onRecovered);
  recoveredRef.current = onRecovered;
  useEffect(() => {
    if (status !== 'available') return;
    clearMaintenanceNotice();
    const timer = window.setTimeout(() => recoveredRef.current(), redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [status, redirectDelayMs]);

  return { status, isChecking, recheck };
}
