import { defineConfig } from '@playwright/test'

const demoPort = Number(process.env.E2E_DEMO_PORT ?? 5174)
/** The demo under a hostname of its own (see the resolver rule below). */
export const demoOtherOrigin = `http://latch-demo.test:${demoPort}`

export const ports = {
  demo: demoPort,
  /** The demo as `npm start` serves it (vite dev, its own Dev Wallet), on the stack above. */
  demoAsStarted: Number(process.env.E2E_DEMO_STARTED_PORT ?? demoPort + 1),
  mainnet: Number(process.env.E2E_MAINNET_PORT ?? 8645),
  base: Number(process.env.E2E_BASE_PORT ?? 8646),
  api: Number(process.env.E2E_API_PORT ?? 3130),
  relay: Number(process.env.E2E_RELAY_PORT ?? 8655),
  devWalletWalletConnect: Number(process.env.E2E_DEV_WALLET_WC_PORT ?? 8656),
  /** The Next.js example (apps/next-example), server-rendered by `next start`. */
  next: Number(process.env.E2E_NEXT_PORT ?? 3177),
  solana: Number(process.env.E2E_SOLANA_PORT ?? 9199),
  /** The mail sink: SMTP, and its HTTP inbox the tests and the demo's Dev inbox read. */
  smtp: Number(process.env.E2E_SMTP_PORT ?? 2625),
  mailInbox: Number(process.env.E2E_MAIL_INBOX_PORT ?? 2626),
}
export const nextOrigin = `http://127.0.0.1:${ports.next}`

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One worker: the tests share two local chains and their funded accounts.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../.tmp/playwright-report' }]]
    : 'list',
  outputDir: '../.tmp/test-results',
  use: {
    baseURL: `http://127.0.0.1:${demoPort}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // latch-demo.test is the demo on loopback under a name that is not a default allowed
        // ancestor, for the allowed-origins checks; latch-demo.vercel.app stands for a default
        // ancestor the project does not list; every other host fails DNS (offline).
        '--host-resolver-rules=MAP latch-demo.test 127.0.0.1, MAP latch-demo.vercel.app 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      // The demo built for the tests: every page gets the injected test wallet before the
      // app's scripts run (the demo then leaves its own Dev Wallet out).
      name: 'injected',
      testIgnore: ['started/**', 'next/**'],
    },
    {
      // The demo exactly as `npm start` serves it: the vite dev server and the demo's own Dev
      // Wallet, which announces itself once its module has loaded (late, like an extension).
      name: 'as-started',
      testMatch: 'started/**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${ports.demoAsStarted}` },
    },
    // The server-rendered example: same stack (its chains), its own origin.
    { name: 'next', testDir: './next', use: { baseURL: nextOrigin } },
  ],
  webServer: [
    {
      command: 'node ../scripts/start.mjs --preview',
      url: `http://127.0.0.1:${demoPort}`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: {
        DEMO_PORT: String(demoPort),
        MAINNET_PORT: String(ports.mainnet),
        BASE_PORT: String(ports.base),
        API_PORT: String(ports.api),
        RELAY_PORT: String(ports.relay),
        DEV_WALLET_WC_PORT: String(ports.devWalletWalletConnect),
        SOLANA_PORT: String(ports.solana),
        SMTP_PORT: String(ports.smtp),
        MAIL_INBOX_PORT: String(ports.mailInbox),
      },
    },
    {
      // `npm start`'s demo server on the chains, API, relay and Dev Wallet peer the first
      // server runs (same environment as scripts/start.mjs gives it).
      command: 'npx vite dev --logLevel warn',
      cwd: '../apps/demo',
      url: `http://127.0.0.1:${ports.demoAsStarted}`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: {
        DEMO_PORT: String(ports.demoAsStarted),
        VITE_RPC_MAINNET: `http://127.0.0.1:${ports.mainnet}`,
        VITE_RPC_BASE: `http://127.0.0.1:${ports.base}`,
        VITE_LATCH_API: `http://127.0.0.1:${ports.api}`,
        VITE_WC_RELAY: `ws://127.0.0.1:${ports.relay}`,
        VITE_DEV_WALLET_WC: `http://127.0.0.1:${ports.devWalletWalletConnect}`,
        VITE_RPC_SOLANA: `http://127.0.0.1:${ports.solana}`,
        VITE_MAIL_INBOX: `http://127.0.0.1:${ports.mailInbox}`,
      },
    },
    {
      // Builds the example first when it has no build yet (npm test builds it beforehand).
      command: 'node ../scripts/next-example.mjs',
      url: nextOrigin,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: {
        NEXT_PORT: String(ports.next),
        LATCH_RPC_MAINNET: `http://127.0.0.1:${ports.mainnet}`,
        LATCH_RPC_BASE: `http://127.0.0.1:${ports.base}`,
      },
    },
  ],
})
