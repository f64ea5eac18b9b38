import { defineConfig } from '@playwright/test'

/**
 * One local stack per worker (scripts/e2e-stacks.mjs starts them all): chains, server, relay, mail
 * sink and demo servers, on ports of its own. Stack `i` uses the base ports below plus 100 × i.
 * E2E_WORKERS sets how many (default 2).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2))
/**
 * The stacks' server waits this long between two code mails to one address (`npm start`: the
 * spec's 30 s). The tests sign in on second devices and change emails minutes apart at most, and
 * each wait would be 30 s of a run; the throttle itself is the server's, whatever its length, and
 * the tests read the wait the server says (docs/decisions.md).
 */
export const MAIL_RESEND_SECONDS = 5
const basePorts = {
  demo: Number(process.env.E2E_DEMO_PORT ?? 5174),
  /** The demo as `npm start` serves it (its production build, its own Dev Wallet), on the stack above. */
  demoAsStarted: Number(process.env.E2E_DEMO_STARTED_PORT ?? Number(process.env.E2E_DEMO_PORT ?? 5174) + 1),
  mainnet: Number(process.env.E2E_MAINNET_PORT ?? 8645),
  base: Number(process.env.E2E_BASE_PORT ?? 8646),
  api: Number(process.env.E2E_API_PORT ?? 3130),
  relay: Number(process.env.E2E_RELAY_PORT ?? 8655),
  devWalletWalletConnect: Number(process.env.E2E_DEV_WALLET_WC_PORT ?? 8656),
  /** The Next.js example (apps/next-example), server-rendered by `next start`. */
  next: Number(process.env.E2E_NEXT_PORT ?? 3177),
  /** The app built from the packages' tarballs (scripts/tarball-app.mjs), served by `vite preview`. */
  tarballApp: Number(process.env.E2E_TARBALL_APP_PORT ?? Number(process.env.E2E_NEXT_PORT ?? 3177) + 1),
  solana: Number(process.env.E2E_SOLANA_PORT ?? 9199),
  /** The Bitcoin regtest stand-in's Esplora-shaped API. */
  bitcoin: Number(process.env.E2E_BITCOIN_PORT ?? 8665),
  /** The mail sink: SMTP, and its HTTP inbox the tests and the demo's Dev inbox read. */
  smtp: Number(process.env.E2E_SMTP_PORT ?? 2625),
  mailInbox: Number(process.env.E2E_MAIL_INBOX_PORT ?? 2626),
  /** Dev Google, the local OpenID provider of the embedded wallet's Google login. */
  devGoogle: Number(process.env.E2E_DEV_GOOGLE_PORT ?? 8657),
  /** Dev GitHub, the local stand-in for GitHub's OAuth endpoints and API. */
  devGithub: Number(process.env.E2E_DEV_GITHUB_PORT ?? 8666),
  /** Dev Socials, the local stand-ins for Discord's, X's and Facebook's OAuth endpoints and APIs. */
  devSocials: Number(process.env.E2E_DEV_SOCIALS_PORT ?? 8667),
  /** Dev Apple, the local stand-in for Sign in with Apple. */
  devApple: Number(process.env.E2E_DEV_APPLE_PORT ?? 8668),
  /** Dev Farcaster, a Farcaster client's sign-in page (Approve signs in as the local account). */
  devFarcaster: Number(process.env.E2E_DEV_FARCASTER_PORT ?? 8670),
  /** Dev Onramp, the local on-ramp provider of the Account view's Buy. */
  devOnramp: Number(process.env.E2E_DEV_ONRAMP_PORT ?? 8669),
}
type Ports = typeof basePorts
const portsOf = (stack: number): Ports =>
  Object.fromEntries(Object.entries(basePorts).map(([name, port]) => [name, port + 100 * stack])) as Ports

/**
 * The ports of this worker's stack. Playwright sets TEST_PARALLEL_INDEX (0 … workers − 1) in each
 * worker process before it loads this file and the specs; the runner itself sees stack 0.
 */
export const ports = portsOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0))
const demoPort = ports.demo
/** The demo under a hostname of its own (see the resolver rule below). */
export const demoOtherOrigin = `http://latch-demo.test:${demoPort}`
/** Answers once every stack is up. */
const readyPort = basePorts.demo + 90
export const nextOrigin = `http://127.0.0.1:${ports.next}`

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Each worker has a stack of its own; tests of one worker run one at a time, since they share
  // their stack's chains and funded accounts.
  workers,
  fullyParallel: true,
  // On CI a failed test runs once more (a serial group: the whole group), and one that passes
  // only then is listed as flaky in the summary: a step that outlasts its limit on a loaded
  // runner costs a retry, not the run. Locally a failure is a failure (docs/decisions.md).
  retries: process.env.CI ? 1 : 0,
  // Generous: the limits only bound a failure's wait. The stacks, two browsers and the tests share
  // the machine's cores, and on a loaded CI runner a step can take several times its usual time.
  timeout: 120_000,
  expect: { timeout: 20_000 },
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
    // A failed test keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Without the screencast: recording it cost 10–22 % of the machine's
    // CPU over four specs (200 → 155 and 184 → 166 CPU-seconds), and the DOM snapshots show the
    // page anyway (docs/decisions.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // One browser context per worker, reset by Playwright between tests (cookies, storage, cache,
    // routes, init scripts, extra pages), rather than a new one per test: a new context starts new
    // renderer processes, 3.5 CPU-seconds per demo load on a 2-core machine against 1.3 in the kept
    // page. What the reset leaves is undone by the fixtures (permissions, listeners) and by the
    // passkey spec (its authenticators); tests that need a device of their own make a context of
    // their own, as before (docs/decisions.md).
    reuseContext: true,
  },
  projects: [
    {
      // The demo built for the tests: every page gets the injected test wallet before the
      // app's scripts run (the demo then leaves its own Dev Wallet out).
      name: 'injected',
      testIgnore: ['started/**', 'next/**', 'tarball/**'],
    },
    {
      // The demo exactly as `npm start` serves it: its production build and the demo's own Dev
      // Wallet, which announces itself once its module has loaded (late, like an extension).
      name: 'as-started',
      testMatch: 'started/**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${ports.demoAsStarted}` },
    },
    // The server-rendered example: same stack (its chains), its own origin.
    { name: 'next', testDir: './next', use: { baseURL: nextOrigin } },
    // The README's sample app, installed from the tarballs outside the repository: same stack.
    { name: 'tarball', testDir: './tarball', use: { baseURL: `http://127.0.0.1:${ports.tarballApp}` } },
  ],
  webServer: {
    command: 'node ../scripts/e2e-stacks.mjs',
    url: `http://127.0.0.1:${readyPort}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    env: {
      E2E_STACKS: JSON.stringify(Array.from({ length: workers }, (_, stack) => portsOf(stack))),
      LATCH_EMBEDDED_RESEND_SECONDS: String(MAIL_RESEND_SECONDS),
      E2E_STACKS_READY_PORT: String(readyPort),
    },
  },
})
