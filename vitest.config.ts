import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API files each start their own databases; two at a time suits the two-core machines.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
