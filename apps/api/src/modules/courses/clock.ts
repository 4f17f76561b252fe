import type { AppConfig } from '../../config/env.ts';

// "Today", the slot horizon and filter_today all depend on the time; tests must be able to pin it per app without
// faking Date for the whole process (PGlite reads Date.now for its own clock). Keyed by the app's config object,
// which every encapsulated route context shares, so two apps in one process keep separate clocks.
const pinned = new WeakMap<AppConfig, () => Date>();

/** Pins the clock the reference-data routes of one app read; pass undefined to return to real time. */
export function setRouteClock(config: AppConfig, now: (() => Date) | undefined): void {
  if (now) pinned.set(config, now);
  else pinned.delete(config);
}

export function routeNow(config: AppConfig): Date {
  return pinned.get(config)?.() ?? new Date();
}
