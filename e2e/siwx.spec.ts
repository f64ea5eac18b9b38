import { defaultTestWalletOptions } from '@latch/testkit/playwright'
import { TEST_CONTRACT_ACCOUNTS } from '@latch/testkit/wallet'
import { expect, modal, test } from './fixtures.js'
import { ports } from './playwright.config.js'
import {
  connectToSignIn as connect,
  connectAndSignIn,
  introspect,
  sign,
  storedToken,
} from './siwx-helpers.js'

// Sign-in cases the demo's own Dev Wallet cannot play (a wallet ending the session on its side, a
// contract account the key does not own) and sessions kept in the page; the rest runs through the
// demo as `npm start` serves it (started/siwx.spec.ts).
const isActive = async (token: string) => (await introspect(token)).active === true

test.describe('given an account signed in with sign-in required', () => {
  test('when the dapp disconnects, then the server session is revoked and connecting again asks to sign in', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await connectAndSignIn(page)
    const token = await storedToken(page)
    expect(token).toBeTruthy()
    expect(await isActive(token!)).toBe(true)
    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect.poll(() => isActive(token!)).toBe(false)
    expect(await storedToken(page)).toBeUndefined()
    await page.reload()
    await connect(page)
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
  })

  test('when the wallet ends the session on its side, then the server session is revoked and the next connection asks again', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/?siwx=required')
    await connectAndSignIn(page)
    const token = await storedToken(page)
    await testWallet.disconnect()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await expect.poll(() => isActive(token!)).toBe(false)
    await page.reload()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    await connect(page)
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
  })

  test('when sessions are kept in the page and the dapp disconnects, then the session is cleared and a reload asks again', async ({
    page,
  }) => {
    await page.goto('/?api=none&siwx=required')
    await connectAndSignIn(page)
    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    expect(await page.evaluate(() => localStorage.getItem('latch.siwx.sessions'))).toBe('[]')
    await page.reload()
    await connect(page)
    await expect(page.getByTestId('demo-signin')).toHaveText('Signing in…')
  })
})

test.describe('given sign-in without a server (sessions kept in the page)', () => {
  test('when they sign, then the session is verified in the page and survives a reload', async ({ page }) => {
    await page.goto('/?api=none&siwx=required')
    const address = await connectAndSignIn(page)
    await page.reload()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
    await expect(modal(page)).toBeHidden()
  })
})

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
/** The test wallet in contract-account mode: its account is an ERC-1271 contract, key 0 signs. */
const contractWallet = (contractAccount: `0x${string}`) => ({
  ...defaultTestWalletOptions,
  chains: [
    { id: 1, name: 'Ethereum', rpcUrl: `http://127.0.0.1:${ports.mainnet}`, nativeCurrency: ETH },
    { id: 8453, name: 'Base', rpcUrl: `http://127.0.0.1:${ports.base}`, nativeCurrency: ETH },
  ],
  initialChainId: 1,
  contractAccount,
})
const [ownContract, foreignContract] = TEST_CONTRACT_ACCOUNTS as [
  (typeof TEST_CONTRACT_ACCOUNTS)[0],
  (typeof TEST_CONTRACT_ACCOUNTS)[0],
]

test.describe('given a contract account (ERC-1271) owned by the wallet key', () => {
  test.use({ testWalletOptions: contractWallet(ownContract.address) })

  test('when sessions are kept in the page, then the page asks the contract and signs it in', async ({
    page,
  }) => {
    await page.goto('/?api=none&siwx=required')
    expect(await connectAndSignIn(page)).toBe(ownContract.address)
  })
})

test.describe('given a contract account the wallet key does not own', () => {
  test.use({ testWalletOptions: contractWallet(foreignContract.address) })

  test('when it signs, then the contract refuses the signature, the view says so and stays', async ({
    page,
  }) => {
    await page.goto('/?siwx=required')
    await connect(page)
    await sign(page)
    // The view shows the kit's translated hint; the app reads the server's reason from the hook.
    await expect(modal(page).getByRole('alert')).toHaveText('Something went wrong. Try again.')
    await expect(page.getByTestId('demo-signin-error')).toHaveText(
      `Sign-in failed: The contract account ${foreignContract.address} did not accept the signature (isValidSignature returned 0xffffffff, not 0x1626ba7e)`,
    )
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await expect(page.getByTestId('demo-signin')).not.toHaveText(/^Signed in/)
  })
})
