import { defineConfig } from 'vitest/config';

/** `npm run test:scale`: the multi-instance test alone (docs/scaling.md); it starts its own engines. */
export default defineConfig({
  test: {
    root: new URL('../../../..', import.meta.url).pathname,
    include: ['packages/server/test/scale/*.scale.ts'],
    testTimeout: 540_000,
    hookTimeout: 240_000,
  },
});
