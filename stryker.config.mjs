// Mutation testing of core's rules and actions: which behaviour would no test notice if it
// broke? `npm run test:mutation`; not part of `npm test` (it takes long). Results: bench/README.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'packages/core/vitest.mutation.config.ts' },
  mutate: [
    'packages/core/src/rules/**/*.ts',
    'packages/core/src/actions/**/*.ts',
    '!packages/core/src/**/*.test.ts',
    '!packages/core/src/**/*.test-d.ts',
  ],
  // Type checking off: a mutant that does not compile still runs (and is usually killed).
  checkers: [],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: '.tmp/stryker-incremental.json',
  tempDirName: '.tmp/stryker',
  ignorePatterns: ['.tmp', 'bench/.out', 'apps', 'e2e', '**/dist', '.latch'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.tmp/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 10_000,
  thresholds: { high: 80, low: 60, break: null },
}
