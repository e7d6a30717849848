/// <reference types="vite/client" />

/** Injected by vite.config.ts `define`: the frontend's code version and build time. */
declare const __FRONTEND_VERSION__: string;
declare const __BUILD_TIME__: string;
