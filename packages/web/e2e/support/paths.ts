import { fileURLToPath } from 'node:url';

/** Absolute paths the browser tests rely on. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
export const WEB_SRC = fileURLToPath(new URL('../../src/', import.meta.url));
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
export const SCREENS_DIR = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
