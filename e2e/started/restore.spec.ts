import { injectTestWallet } from '@latch/testkit/playwright'
import {
  connectDevWallet,
  expect,
  pickNetwork,
  status,
  storedSession,
  test,
  testWalletOptions,
} from './fixtures.js'

const DEV_WALLET_ID = 'dev.latch.wallet'
/** Latch waits this long (restoreTimeoutMs, default 3000) for a stored wallet to announce. */
const RESTORE_WAIT_MS = 3000

test.describe('given the demo as npm start serves it, with its own Dev Wallet (announced late)', () => {
  test('when the visitor connects and reloads five times, then every reload is still connected', async ({
    page,
  }) => {
    await page.goto('/')
    const address = await connectDevWallet(page)
    for (let reload = 1; reload <= 5; reload++) {
      await page.reload()
      await expect(status(page), `reload ${reload}`).toHaveText('connected')
      await expect(page.getByTestId('demo-address'), `reload ${reload}`).toHaveText(address)
    }
  })

  test('when the visitor switches to Base and reloads, then the session comes back on Base', async ({
    page,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await pickNetwork(page, 'Base')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await page.reload()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    await expect(page.getByTestId('latch-network-button')).toHaveText('Base')
  })
})

test.describe('given a stored session for a wallet that announces itself late or never', () => {
  test('when the wallet announces 1.5 s after load, then the session is restored', async ({ page }) => {
    await injectTestWallet(page, { ...testWalletOptions, announceDelayMs: 1500 })
    await page.goto('/')
    const address = await connectDevWallet(page)
    await page.reload()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-address')).toHaveText(address)
  })

  test('when the wallet never announces, then after the wait the button offers Connect and the stored session is kept', async ({
    context,
  }) => {
    const first = await context.newPage()
    await injectTestWallet(first, testWalletOptions)
    await first.goto('/')
    await connectDevWallet(first)
    const stored = await storedSession(first, DEV_WALLET_ID)
    expect(Object.keys(stored)).not.toHaveLength(0)
    await first.close()

    // The same browser profile, the wallet now silent (uninstalled or disabled).
    const silent = await context.newPage()
    await injectTestWallet(silent, { ...testWalletOptions, neverAnnounce: true })
    await silent.goto('/')
    // Latch waits for the stored wallet, then gives up on it for this page.
    await expect(status(silent)).toHaveText('connecting')
    await expect(status(silent)).toHaveText('disconnected', { timeout: RESTORE_WAIT_MS + 3000 })
    await expect(silent.getByTestId('latch-connect-button')).toHaveText('Connect Wallet')
    expect(await storedSession(silent, DEV_WALLET_ID)).toEqual(stored)
    await silent.close()

    // The kept session is restored once the wallet is back.
    const back = await context.newPage()
    await injectTestWallet(back, testWalletOptions)
    await back.goto('/')
    await expect(status(back)).toHaveText('connected')
  })
})
