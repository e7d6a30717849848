import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API files each start their own databases; two at a time suits the two-core machines.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts', 'packages/domain/test/**/*.test.ts'],
          // A worker keeps the server's modules loaded from one file to the next: each file builds
          // its own app and databases, and importing the server anew for each of 95 files took
          // half the suite's time (8 minutes became 4.5).
          isolate: false,
        },
      },
      {
        extends: true,
        // The web's unit tests set up i18next, which is one per module graph: each file its own.
        test: { name: 'web', include: ['packages/web/test/**/*.test.ts'] },
      },
    ],
  },
});
