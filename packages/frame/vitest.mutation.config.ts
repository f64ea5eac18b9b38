import { fileURLToPath } from 'node:url'
import { defineConfig, mergeConfig } from 'vitest/config'
import frame from './vite.config.js'

// The tests a mutant of the vault must fail: the frame's unit tests, under the build's own Vite
// config (as `npx vitest run --project frame` runs them). Used by stryker.vault.config.mjs.
export default mergeConfig(
  frame,
  defineConfig({
    test: {
      root: fileURLToPath(new URL('.', import.meta.url)),
      include: ['src/**/*.test.ts'],
      exclude: ['**/node_modules/**', 'src/vault/graph.test.ts'],
      testTimeout: 30_000,
      server: { deps: { inline: ['micro-key-producer', 'viem'] } },
    },
  }),
)
