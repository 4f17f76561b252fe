import { useSyncExternalStore } from 'react';

// Whether the browser is solving a proof-of-work check right now (a hold above normal use asked for one): kept
// outside React so the API client can raise it, shown by BrowserCheckStatus.

let checking = false;
const listeners = new Set<() => void>();

export function setBrowserCheck(active: boolean): void {
  if (checking === active) return;
  checking = active;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => checking;
/** The prerendered page never shows it. */
const prerendered = () => false;

export function useBrowserCheck(): boolean {
  return useSyncExternalStore(subscribe, current, prerendered);
}
