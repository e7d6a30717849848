import { lazy, type ComponentType } from 'react';

/**
 * Errors of code that could not be loaded: after a redeploy an open tab asks for chunks whose
 * hashed names are gone. Vite reports a failed preload with 'vite:preloadError' (its payload is
 * the error the import then throws); the browsers' own texts of a failed import() are matched too.
 */
const staleChunks = new WeakSet<object>();
const FAILED_IMPORT =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

window.addEventListener('vite:preloadError', (event) => {
  if (event.payload instanceof Object) staleChunks.add(event.payload);
});

/** Whether an error is code that failed to load (offer a reload), not a fault of the page. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (staleChunks.has(error) || FAILED_IMPORT.test(error.message));
}

/** A loader of a module's named component export as the `default` React.lazy expects. */
export function namedExport<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return () => load().then((module) => ({ default: module[name] }));
}

/** React.lazy for a module's named component export (pages keep named exports for grep-ability). */
export function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(namedExport(load, name));
}
