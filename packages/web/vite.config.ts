import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config';

/** The frontend code version shown in the menu footer: GIT_SHA from CI, else the checkout's HEAD. */
function frontendVersion(): string {
  if (process.env.GIT_SHA) return process.env.GIT_SHA;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unversioned';
  }
}

const backend = process.env.EVFLEET_BACKEND ?? 'http://localhost:8080';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: backend },
  '/management': { target: backend },
  '/evts-websocket': { target: backend, ws: true },
};

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions)],
  define: {
    __FRONTEND_VERSION__: JSON.stringify(frontendVersion()),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: { port: 9000, proxy },
  preview: { port: 9000, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      treeshake: {
        // The shared domain package only declares schemas, constants and pure functions: a module of it
        // none of a chunk's code uses is left out of that chunk. Without this every domain module sat in
        // the entry chunk, so each screen's schemas weighed on /login (docs/performance.md, "Sign-in page weight").
        moduleSideEffects: (id) => !id.includes('/packages/domain/src/'),
      },
    },
  },
});
