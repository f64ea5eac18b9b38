#!/usr/bin/env node
// The connection path, measured (after `npm run build`):
//
// 1. Store notifications per connect, in Node: the real core + EVM adapter + the test wallet on
//    anvil. Baseline: the namespace's status transitions in the same connect (the ideal is one
//    notification per transition).
// 2. Restore time after a reload, in Chromium: the demo with a stored session and the test
//    wallet announced at once (0 ms). Baseline: when the demo's first Latch button renders in
//    the same load; reported as medians of N reloads.
//
// `--runs N` (default 7) reloads; `--url URL` measures a demo already running (`npm start`, or
// the e2e stack) instead of starting `scripts/start.mjs --preview` on DEMO_PORT, MAINNET_PORT,
// BASE_PORT, API_PORT, RELAY_PORT and DEV_WALLET_WC_PORT. Prints a table; asserts nothing.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, url: { type: 'string' } },
})
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`)

const load = (path) => import(pathToFileURL(join(root, path)).href)
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

// ---- 1. Store notifications per connect (Node) ----

async function notificationsPerConnect() {
  const { startLocalChains, TEST_ACCOUNTS } = await load('packages/testkit/dist/index.js')
  const { createTestWallet, createMemoryStorage: walletMemory } = await load(
    'packages/testkit/dist/wallet/index.js',
  )
  const core = await load('packages/core/dist/index.js')
  const { evmAdapter, toCaipNetwork } = await load('packages/evm/dist/index.js')
  const { createConfig, createStorage, http, injected } = await import('@wagmi/core')
  const { base, mainnet } = await import('viem/chains')
  Object.assign(globalThis, { window: globalThis.window ?? new EventTarget() })

  const chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
  const walletStorage = walletMemory()
  const wagmiStorage = walletMemory()
  const latchStorage = core.createMemoryStorage()
  const page = () => {
    const wallet = createTestWallet({
      privateKeys: [TEST_ACCOUNTS[7].privateKey],
      chains: [{ id: 1, name: 'Ethereum', rpcUrl: chains.mainnet.rpcUrl, nativeCurrency: ETH }],
      initialChainId: 1,
      storage: walletStorage,
    })
    const m = { ...mainnet, rpcUrls: { default: { http: [chains.mainnet.rpcUrl] } } }
    const b = { ...base, rpcUrls: { default: { http: [chains.base.rpcUrl] } } }
    const config = createConfig({
      chains: [m, b],
      transports: { [m.id]: http(chains.mainnet.rpcUrl), [b.id]: http(chains.base.rpcUrl) },
      connectors: [
        injected({
          target: () => ({ id: 'dev.latch.wallet', name: 'Latch Dev Wallet', provider: wallet.provider }),
        }),
      ],
      multiInjectedProviderDiscovery: false,
      storage: createStorage({ storage: wagmiStorage }),
    })
    return core.createLatch({
      networks: [toCaipNetwork(m), toCaipNetwork(b)],
      adapters: [evmAdapter({ config })],
      projectId: 'bench',
      storage: latchStorage,
    })
  }

  /** Runs `action`, then counts notifications until the store is quiet for 500 ms. */
  async function count(latch, action) {
    const seen = []
    const initial = latch.store.getState().namespaces.eip155?.account.status
    const stop = latch.store.subscribe((next) => {
      const account = next.namespaces.eip155?.account
      seen.push({ status: account?.status, address: account?.address })
    })
    await action()
    let last = -1
    while (last !== seen.length) {
      last = seen.length
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    stop()
    const statuses = [initial, ...seen.map((s) => s.status)].filter(
      (s, i, all) => i === 0 || s !== all[i - 1],
    )
    return {
      notifications: seen.length,
      transitions: Math.max(statuses.length - 1, 1),
      connectedWithoutAddress: seen.filter((s) => s.status === 'connected' && !s.address).length,
    }
  }

  try {
    const first = page()
    await core.hydrate(first)
    const connect = await count(first, () => core.connect(first, { connectorId: 'dev.latch.wallet' }))
    core.teardown(first)
    const reloaded = page()
    const restore = await count(reloaded, () => core.hydrate(reloaded))
    const restored = reloaded.store.getState().namespaces.eip155?.account.status
    core.teardown(reloaded)
    return { connect, restore, restored }
  } finally {
    await chains.stop()
  }
}

// ---- 2. Restore time after reload (Chromium) ----

async function startDemo() {
  const port = process.env.DEMO_PORT ?? '5173'
  const url = `http://127.0.0.1:${port}`
  const child = spawn('node', [join(root, 'scripts/start.mjs'), '--preview'], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`scripts/start.mjs exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error(`The demo did not answer on ${url}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return {
    url,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {}
    },
  }
}

/** Marks, in page time, when the first Latch button renders and when the demo shows connected. */
const marksScript = () => {
  const marks = {}
  window.__benchMarks = marks
  const check = () => {
    if (marks.button === undefined && document.querySelector('[data-testid^="latch-"][data-variant]'))
      marks.button = performance.now()
    if (
      marks.connected === undefined &&
      document.querySelector('[data-testid="demo-status"]')?.textContent === 'connected'
    )
      marks.connected = performance.now()
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true })
}

async function restoreTimes() {
  const { chromium } = await import('@playwright/test')
  const { defaultTestWalletOptions, injectTestWallet } = await load(
    'packages/testkit/dist/playwright/index.js',
  )
  const demo = values.url ? { url: values.url, stop: () => {} } : await startDemo()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const page = await browser.newPage()
    await injectTestWallet(page, {
      ...defaultTestWalletOptions,
      chains: [
        {
          id: 1,
          name: 'Ethereum',
          rpcUrl: `http://127.0.0.1:${process.env.MAINNET_PORT ?? 8545}`,
          nativeCurrency: ETH,
        },
        {
          id: 8453,
          name: 'Base',
          rpcUrl: `http://127.0.0.1:${process.env.BASE_PORT ?? 8546}`,
          nativeCurrency: ETH,
        },
      ],
      announceDelayMs: 0,
    })
    await page.addInitScript(marksScript)
    await page.goto(demo.url)
    await page.getByTestId('latch-connect-button').click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    const samples = []
    for (let run = 0; run <= runs; run++) {
      await page.reload()
      await page.waitForFunction(() => window.__benchMarks?.connected !== undefined, null, {
        timeout: 15_000,
      })
      const marks = await page.evaluate(() => window.__benchMarks)
      if (run > 0) samples.push(marks) // the first reload warms the cache
    }
    return {
      button: median(samples.map((m) => m.button)),
      connected: median(samples.map((m) => m.connected)),
    }
  } finally {
    await browser.close()
    demo.stop()
  }
}

const notifications = await notificationsPerConnect()
const restore = await restoreTimes()
const ratio = (a, b) => `${(a / b).toFixed(2)}×`
console.log(`
| Connection | measured | baseline (same run) | ratio |
|---|---|---|---|
| store notifications, one connect | ${notifications.connect.notifications} | ${notifications.connect.transitions} status transitions | ${ratio(notifications.connect.notifications, notifications.connect.transitions)} |
| … of them "connected" without an address | ${notifications.connect.connectedWithoutAddress} | 0 | — |
| store notifications, restore (hydrate) | ${notifications.restore.notifications} | ${notifications.restore.transitions} status transitions | ${ratio(notifications.restore.notifications, notifications.restore.transitions)} (ends ${notifications.restored}) |
| reload → connected, wallet announced at 0 ms (median of ${runs}) | ${restore.connected.toFixed(0)} ms | ${restore.button.toFixed(0)} ms to the first Latch button | ${ratio(restore.connected, restore.button)} |
`)
process.exit(0)
