import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  // DEMO_VITE_CACHE_DIR: a dependency cache of its own, for a second dev server of the demo at
  // once (each e2e stack runs one).
  ...(process.env.DEMO_VITE_CACHE_DIR ? { cacheDir: process.env.DEMO_VITE_CACHE_DIR } : {}),
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
