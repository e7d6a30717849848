import { fileURLToPath } from 'node:url';

/** Absolute paths the browser tests rely on. */
/** E2E_WEB_DIST and E2E_RESULTS_DIR let several runs share a checkout (each builds with `vite build --outDir`). */
export const WEB_DIST = process.env.E2E_WEB_DIST || fileURLToPath(new URL('../../dist/', import.meta.url));
export const WEB_SRC = fileURLToPath(new URL('../../src/', import.meta.url));
export const RESULTS_DIR =
  process.env.E2E_RESULTS_DIR || fileURLToPath(new URL('../../test-results/', import.meta.url));
export const SCREENS_DIR = `${RESULTS_DIR.replace(/\/$/, '')}/screens/`;
export const CHROMIUM = '/usr/bin/chromium';
