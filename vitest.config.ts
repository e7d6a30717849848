import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API files each start their own databases; two at a time suits the two-core machines.
    maxWorkers: 2,
    minWorkers: 1,
    // A worker keeps the modules it loaded from one file to the next: each API file builds its own
    // app and databases, and importing the server anew for each of 95 files took half the suite's
    // time (8 minutes became 4.5). A file that changes a shared module's state puts it back.
    isolate: false,
  },
});
