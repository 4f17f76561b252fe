import { useSyncExternalStore } from 'react';

/**
 * Message shown on the home page after any call answered 503. Kept outside React so the API client
 * (plain functions, also used from TanStack Query) can raise it without a component in scope.
 */
export const MAINTENANCE_MESSAGE = 'Service is currently unavailable due to maintenance.';

let notice: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function raiseMaintenanceNotice(): void {
  if (notice === MAINTENANCE_MESSAGE) return;
  notice = MAINTENANCE_MESSAGE;
  emit();
}

export function clearMaintenanceNotice(): void {
  if (notice === null) return;
  notice = null;
  emit();
}

export function getMaintenanceNotice(): string | null {
  return notice;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a prerendered page shows: the build never has a notice. */
const prerenderedNotice = (): string | null => null;

/**
 * The notice, re-rendering on change. While React hydrates the prerendered `/`, it reads prerenderedNotice, so the
 * first render matches the markup even when a 503 raised the notice before the page's boundary hydrated (the
 * header's calls start as soon as the shell is hydrated); React re-renders with the notice right after.
 */
export function useMaintenanceNotice(): string | null {
  return useSyncExternalStore(subscribe, getMaintenanceNotice, prerenderedNotice);
}
