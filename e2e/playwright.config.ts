import { defineConfig } from '@playwright/test'

const demoPort = Number(process.env.E2E_DEMO_PORT ?? 5174)
/** The demo under a hostname of its own (see the resolver rule below). */
export const demoOtherOrigin = `http://latch-demo.test:${demoPort}`

export const ports = {
  demo: demoPort,
  mainnet: Number(process.env.E2E_MAINNET_PORT ?? 8645),
  base: Number(process.env.E2E_BASE_PORT ?? 8646),
  api: Number(process.env.E2E_API_PORT ?? 3130),
  relay: Number(process.env.E2E_RELAY_PORT ?? 8655),
  devWalletWalletConnect: Number(process.env.E2E_DEV_WALLET_WC_PORT ?? 8656),
  solana: Number(process.env.E2E_SOLANA_PORT ?? 9199),
}

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
        // ancestor, for the allowed-origins checks; every other host fails DNS (offline).
        '--host-resolver-rules=MAP latch-demo.test 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
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
      VITE_DEV_WALLET: 'off',
    },
  },
})
