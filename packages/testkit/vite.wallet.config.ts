import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Builds the wallet as one classic script (global `LatchTestWallet`) for page init scripts,
// which cannot import modules.
export default defineConfig({
  // Paths below are relative to this package, whatever directory vite is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    minify: true,
    lib: {
      entry: 'src/wallet/iife.ts',
      formats: ['iife'],
      name: 'LatchTestWallet',
      fileName: () => 'wallet.iife.js',
    },
  },
})
