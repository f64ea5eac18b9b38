// Mutation testing of the server's at-rest encryption and key ring: which change to the code
// that seals shares and keys would no test notice? `npx stryker run
// packages/server/stryker.keys.config.mjs` from the repository root; not part of `npm test` (it
// takes long). Result: bench/README.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'packages/server/vitest.mutation.config.ts' },
  mutate: ['packages/server/src/at-rest.ts', 'packages/server/src/embedded/keys.ts'],
  checkers: [],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: '.tmp/stryker-server-keys-incremental.json',
  tempDirName: '.tmp/stryker-server-keys',
  ignorePatterns: ['.tmp', 'bench/.out', 'apps', 'e2e', '**/dist', '.latch'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.tmp/mutation/server-keys.json' },
  concurrency: 1,
  timeoutMS: 20_000,
  thresholds: { high: 85, low: 70, break: null },
}
