import { useSyncExternalStore } from 'react';
import { onForbidden } from '../../api/http';

/**
 * Which visit of a page the server refused a read of (a 403): that page shows 'access denied' in
 * the frame and the user stays signed in. It is the router's key of the visit, so opening the page
 * again (or any other) asks the server anew.
 */
let refusedVisit: string | null = null;
const listeners = new Set<() => void>();

/** The router's key of the current history entry (BrowserRouter keeps it in history.state). */
function currentVisit(): string | null {
  const entry: unknown = window.history.state;
  return entry && typeof entry === 'object' && 'key' in entry && typeof entry.key === 'string' ? entry.key : null;
}

onForbidden(() => {
  refusedVisit = currentVisit() ?? 'default';
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the server refused a read of the visit `key` (react-router's location.key). */
export function useReadRefused(key: string): boolean {
  return useSyncExternalStore(subscribe, () => refusedVisit === key);
}
