import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The frame app: one HTML page, one script and one stylesheet, served by @latch/server under
// /frame/ with `script-src 'self'` (so no inline script, no module-preload polyfill).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/frame/',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The frame, and the frame origin's own top-level window (export; approvals without
    // IntersectionObserver v2).
    rollupOptions: {
      input: {
        frame: fileURLToPath(new URL('index.html', import.meta.url)),
        window: fileURLToPath(new URL('window.html', import.meta.url)),
      },
    },
  },
})
