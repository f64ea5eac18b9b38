import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The tests a mutant of core's rules and actions must fail: core's unit tests, and the EVM
// adapter's end-to-end tests of the actions (a real anvil chain, wagmi, a test wallet), run
// against core's source so they see the mutant. Left out: type tests, and the tests that start
// a real @latch/server (they cover the registry client, which is not mutated).
export default defineConfig({
  resolve: { alias: [{ find: /^@latch\/core$/, replacement: here('./src/index.ts') }] },
  test: {
    root: here('../..'),
    include: ['packages/core/src/**/*.test.ts', 'packages/evm/src/latch.test.ts'],
    exclude: ['**/*.server.test.ts', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
