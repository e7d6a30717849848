/**
 * How many test files run side by side, each worker with a browser and a portal (and database) of
 * its own, so no file sees another's changes. One on the two-core machines: the browser and the
 * portal already keep both cores busy, and two files at once took as long (23 minutes either way)
 * while each test ran twice as slowly, nearer its time-outs. E2E_WORKERS=4 suits a bigger machine.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);

/** This test file's worker, 0-based: vitest numbers its pool's workers from 1 in VITEST_POOL_ID. */
export const workerIndex = () => (Math.max(1, Number(process.env.VITEST_POOL_ID) || 1) - 1) % E2E_WORKERS;
