import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

const frameEntry = fileURLToPath(new URL('src/main.ts', import.meta.url))

/**
 * One copy of the noble libraries: `micro-key-producer` (SLIP-0010) gets its own nested copy of
 * `@noble/curves` and `@noble/hashes` from npm, of the same major version as the frame's; bundled
 * as they install, both copies ship (about 9 KiB gzip). Its imports resolve as the frame's own.
 */
function oneNoble(): Plugin {
  return {
    name: 'latch-frame-one-noble',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        importer?.includes('/node_modules/micro-key-producer/') &&
        /^@noble\/(curves|hashes)\//.test(source)
      )
        return this.resolve(source, frameEntry, { skipSelf: true })
      return null
    },
  }
}

// The frame app: one HTML page, one script and one stylesheet, served by @latch/server under
// /frame/ with `script-src 'self'` (so no inline script, no module-preload polyfill).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/frame/',
  logLevel: 'warn',
  plugins: [oneNoble()],
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
