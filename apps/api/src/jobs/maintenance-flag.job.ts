import type { Job } from './job.ts';

/**
 * Refreshes this instance's copy of the maintenance flag every MAINTENANCE_CACHE_MS, so the request path reads a
 * boolean and never waits on the database (lib/maintenance.ts). Off when the flag is forced by MAINTENANCE_MODE or
 * the window is 0 (then every request reads the database). Several instances: a read; each keeps its own copy.
 */
export const maintenanceFlagJob: Job<void> = {
  name: 'maintenance-flag',
  intervalMs: (config) => (config.maintenanceForced ? 0 : config.maintenanceCacheMs),
  run: (app) => app.maintenance.refresh(),
};
