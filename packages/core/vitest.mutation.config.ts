import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The tests a mutant of core's rules and actions must fail: core's unit tests. With
// LATCH_MUTATION_EVM=1 also the EVM adapter's tests of the actions (a real anvil chain, wagmi,
// a test wallet), run against core's source so they see the mutant — much slower (see
// bench/README.md). The tests that start a real @latch/server (SQLite in a temp dir, from the
// server's source) are in: they are the ones that drive prefetch, the wallet pages and search.
// Left out: type tests.
const withEvm = process.env.LATCH_MUTATION_EVM === '1'

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@latch\/core$/, replacement: here('./src/index.ts') },
      { find: /^@latch\/core\/internal$/, replacement: here('./src/internal.ts') },
    ],
  },
  test: {
    root: here('../..'),
    include: ['packages/core/src/**/*.test.ts', ...(withEvm ? ['packages/evm/src/latch.test.ts'] : [])],
    exclude: ['**/node_modules/**'],
    // A mutant that leaves a promise pending fails its test after 5 s (killed) instead of
    // running into Stryker's timeout, which restarts the test runner: much slower on 2 cores.
    // (The EVM adapter's tests start anvil and keep their own, longer limits.)
    testTimeout: withEvm ? 30_000 : 5_000,
    hookTimeout: withEvm ? 60_000 : 10_000,
  },
})
