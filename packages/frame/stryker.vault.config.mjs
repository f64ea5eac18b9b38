// Mutation testing of the frame's vault (packages/frame/src/vault): which change to the custody
// code would no test notice? `npx stryker run packages/frame/stryker.vault.config.mjs` from the
// repository root; not part of `npm test` (it takes long). Result: bench/README.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'packages/frame/vitest.mutation.config.ts' },
  mutate: [
    'packages/frame/src/vault/**/*.ts',
    '!packages/frame/src/vault/**/*.test.ts',
    // WebAuthn calls (a browser and an authenticator): covered by e2e/started/embedded-passkey.spec.ts.
    '!packages/frame/src/vault/passkey.ts',
    // Type re-exports only.
    '!packages/frame/src/vault/index.ts',
  ],
  checkers: [],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: '.tmp/stryker-vault-incremental.json',
  tempDirName: '.tmp/stryker-vault',
  ignorePatterns: ['.tmp', 'bench/.out', 'apps', 'e2e', '**/dist', '.latch'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.tmp/mutation/vault.json' },
  concurrency: 1,
  timeoutMS: 20_000,
  thresholds: { high: 85, low: 70, break: null },
}
