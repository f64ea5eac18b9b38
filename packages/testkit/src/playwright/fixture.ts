import { test as base } from '@playwright/test'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type InjectTestWalletOptions, injectTestWallet, type TestWalletHandle } from './injectTestWallet.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The wallet `latch-anvil` serves: three funded accounts on chains 1 (:8545) and 8453 (:8546). */
export const defaultTestWalletOptions: InjectTestWalletOptions = {
  privateKeys: TEST_ACCOUNTS.slice(0, 3).map((account) => account.privateKey),
  chains: [
    { id: 1, name: 'Ethereum', rpcUrl: 'http://127.0.0.1:8545', nativeCurrency: ETH },
    { id: 8453, name: 'Base', rpcUrl: 'http://127.0.0.1:8546', nativeCurrency: ETH },
  ],
  initialChainId: 1,
}

/**
 * Playwright `test` with a `testWallet` fixture: the Latch test wallet injected into `page`
 * before the test navigates. Override `testWalletOptions` with `test.use({ … })`.
 *
 * @example
 * test('connects', async ({ page, testWallet }) => {
 *   await page.goto('/')
 *   await testWallet.setApproval('reject')
 * })
 */
export const test = base.extend<{ testWallet: TestWalletHandle; testWalletOptions: InjectTestWalletOptions }>(
  {
    testWalletOptions: [defaultTestWalletOptions, { option: true }],
    testWallet: async ({ page, testWalletOptions }, use) => {
      await use(await injectTestWallet(page, testWalletOptions))
    },
  },
)

export { expect } from '@playwright/test'
