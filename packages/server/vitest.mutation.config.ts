import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The tests a mutant of the server's share and key code must fail: the at-rest and key ring
// tests (the route tests reach the same code only through a whole login each, minutes per
// mutant). Used by stryker.keys.config.mjs.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/embedded/keys.test.ts', 'src/cli/at-rest.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/test/global-setup.ts'],
  },
})
