import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * Every `@latch/…` entry the demo's sources import. The dev server pre-bundles them like any other
 * dependency: served as the workspace's per-file build output, a page load fetched about 250
 * modules instead of about 120 and took about 0.5 s longer (docs/decisions.md). Read from the
 * sources, so an entry the demo starts to import can't be served twice (bundled and unbundled).
 */
function latchEntries(): string[] {
  const found = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.(tsx?|html)$/.test(entry.name))
        for (const [, name] of readFileSync(path, 'utf8').matchAll(
          /['"](@latch\/[a-z-]+(?:\/[a-z-]+)*)['"]/g,
        ))
          found.add(name as string)
    }
  }
  for (const dir of ['src', 'gallery']) walk(fileURLToPath(new URL(dir, import.meta.url)))
  return [...found].sort()
}

export default defineConfig({
  plugins: [react()],
  // Pre-bundled anew at every start (`force`), because a rebuilt package does not change the
  // cache's key.
  optimizeDeps: { include: latchEntries(), force: true },
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  // latch-demo.test: the e2e tests reach the demo under that name to test the allowed-origins check.
  preview: {
    host: '127.0.0.1',
    port: Number(process.env.DEMO_PORT ?? 5173),
    strictPort: true,
    allowedHosts: ['latch-demo.test'],
  },
  build: {
    target: 'es2022',
    // The demo, and the gallery of every modal view (/gallery/) with its frames.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        gallery: fileURLToPath(new URL('gallery/index.html', import.meta.url)),
        frame: fileURLToPath(new URL('gallery/frame.html', import.meta.url)),
      },
    },
  },
})
