import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default leaves one core free (one worker on two cores); most tests wait on chains,
    // the database, the relay and timers rather than on the CPU (the server's tests kept two cores
    // 58 % busy with two workers), so four workers even on two cores. The frame's tests derive keys
    // from passwords (Argon2id, 64 MiB), which takes a core each: they run after the others, two
    // files at a time on the two cores, so that two derivations never share a core.
    // `isolate: false` on the projects whose files share no module state: a worker imports the
    // server, viem and the WalletConnect libraries once, not once per file (the server's files
    // spent 106 s importing). core, react, solana and the frame keep a fresh module graph per file:
    // their tests count calls on module-level caches and mocks.
    maxWorkers: Math.max(4, availableParallelism()),
    // The type tests (`*.test-d.ts`) are compiled by `npm run typecheck` (each package's
    // tsconfig.test.json), beside the other single-threaded checks, not here.
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'evm',
          isolate: false,
          root: 'packages/evm',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        // The same tests on wagmi 2 (installed as `@wagmi/core-2`): the adapter supports both majors.
        // wagmiProvider.test.ts renders wagmi 3's React provider; wagmi 2's is covered end to end by
        // the wagmi 2 + React 18 tarball app (e2e/tarball/rainbowkit.spec.ts).
        resolve: { alias: [{ find: /^@wagmi\/core$/, replacement: '@wagmi/core-2' }] },
        test: {
          name: 'evm-wagmi2',
          isolate: false,
          root: 'packages/evm',
          include: ['src/**/*.test.ts'],
          exclude: ['src/wagmiProvider.test.ts'],
          env: { LATCH_TEST_WAGMI_MAJOR: '2' },
        },
      },
      {
        // The frame's own Vite config, so its tests load the module graph its build ships (one copy
        // of the noble libraries: see packages/frame/vite.config.ts); the libraries whose imports
        // that config rewrites are run through Vite rather than loaded by Node as they install.
        extends: './packages/frame/vite.config.ts',
        test: {
          name: 'frame',
          root: 'packages/frame',
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          server: { deps: { inline: ['micro-key-producer', 'viem'] } },
        },
      },
      {
        test: {
          name: 'solana',
          root: 'packages/solana',
          include: ['src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
      { test: { name: 'bitcoin', isolate: false, root: 'packages/bitcoin', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'cosmos',
          isolate: false,
          root: 'packages/cosmos',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: { name: 'polkadot', isolate: false, root: 'packages/polkadot', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'walletconnect',
          isolate: false,
          root: 'packages/walletconnect',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'testkit',
          isolate: false,
          root: 'packages/testkit',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'react',
          root: 'packages/react',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          isolate: false,
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
    ],
  },
})
