import type { VitePWAOptions } from 'vite-plugin-pwa';

/** What the service worker must never answer: the API, the management endpoints, the live socket, the API docs. */
const SERVER_PATHS = [/^\/api\//, /^\/management\//, /^\/evts-websocket/, /^\/v3\//];

/**
 * The portal as an installable app (issue 18): a manifest and a Workbox service worker holding an
 * offline shell. It keeps only the start page, the entry script and style and the icons up front
 * (a fresh browser does not download every screen); each screen's hashed, never-changing files are
 * kept as they are first loaded. A new build replaces the worker at once (autoUpdate: skipWaiting
 * and clientsClaim), so an open tab never runs an old shell for long.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  // registerSW.js as a file: the content security policy forbids inline scripts.
  injectRegister: 'script',
  manifest: {
    name: 'evfleet',
    short_name: 'evfleet',
    description: 'Vehicle tracking and CAN data history for electric fleets',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1971c2',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['index.html', 'color-scheme.js', 'logo.svg', 'icons/*.png', 'assets/index-*.{js,css}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: SERVER_PATHS,
    cleanupOutdatedCaches: true,
    // The alerts on the phone: showing a push message, and opening its vehicle on a click.
    importScripts: ['/push-handler.js'],
    // A new worker takes over at once and claims the open pages (autoUpdate sets only the first).
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'evfleet-assets', expiration: { maxEntries: 200 } },
      },
    ],
  },
};
