import { LOCAL_SOLANA_CAIP_ID, SOLANA_TEST_SEEDS, solanaAddressOfSeed } from '@latch/testkit'
import { introspect, signAndExpectSignedIn, storedToken } from '../siwx-helpers.js'
import { expect, modal, status, test } from './fixtures.js'

// Sign-In With Solana through the demo as `npm start` serves it: the Dev Wallet's Solana side
// (Wallet Standard, with `solana:signIn`) and sessions from the @latch/server it starts.

test.describe('given the demo as npm start serves it, sign-in required, on Solana (local)', () => {
  test('when the Dev Wallet connects and signs, then it is signed in with its base58 account (Sign-In With Solana, verified by the server) and a reload keeps it', async ({
    page,
  }) => {
    const address = solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]!)
    await page.goto('/?siwx=required')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Solana \(local\)/ })
      .click()
    await expect(page.getByTestId('latch-network-button')).toHaveText('Solana (local)')
    await page.getByTestId('latch-connect-button').click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    expect(await signAndExpectSignedIn(page)).toBe(address)
    expect(await page.evaluate(() => window.__latchDemoSolanaWallet?.requests())).toContain('solana:signIn')

    // The server holds the session for the solana account.
    const stored = await page.evaluate(() => localStorage.getItem('latch.siwx.server.latch-demo'))
    const [first] = JSON.parse(stored ?? '[]') as { session: { message: string } }[]
    expect(first?.session.message).toContain('wants you to sign in with your Solana account:')
    expect(await introspect(await storedToken(page))).toMatchObject({
      active: true,
      sub: `${LOCAL_SOLANA_CAIP_ID}:${address}`,
      session: { signatureType: 'ed25519' },
    })

    // Reloaded: the session is found again, no new signature asked.
    await page.reload()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
    await expect(modal(page)).toBeHidden()
    expect(await page.evaluate(() => window.__latchDemoSolanaWallet?.requests())).not.toContain(
      'solana:signIn',
    )
  })
})

declare global {
  interface Window {
    __latchDemoSolanaWallet?: { requests(): string[] }
  }
}
