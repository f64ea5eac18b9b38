import { defaultTestWalletOptions } from '@latch/testkit/playwright'
import { LOCAL_SOLANA_CAIP_ID, SOLANA_TEST_SEEDS } from '@latch/testkit/wallet'
import { request } from '@playwright/test'
import { expect, modal, test } from './fixtures.js'
import { ports } from './playwright.config.js'

const api = `http://127.0.0.1:${ports.api}`

// The Dev Wallet with its Solana side, which has Wallet Standard `solana:signIn`.
test.use({
  testWalletOptions: {
    ...defaultTestWalletOptions,
    solana: {
      seeds: SOLANA_TEST_SEEDS.slice(0, 1),
      rpcUrls: { 'solana:localnet': `http://127.0.0.1:${ports.solana}` },
    },
  },
})

test.describe('given sign-in is required and the visitor is on Solana (local)', () => {
  test('when they connect the Dev Wallet and sign, then they are signed in with their base58 account (Sign-In With Solana, verified by the server)', async ({
    page,
    testWallet,
  }) => {
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
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(modal(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
    await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    const address = await testWallet.solana.address()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
    await expect(modal(page)).toBeHidden()
    expect(await testWallet.solana.requests()).toContain('solana:signIn')

    // The server holds the session for the solana account: its token introspects as active.
    const stored = await page.evaluate(() => localStorage.getItem('latch.siwx.server.latch-demo'))
    const [first] = JSON.parse(stored ?? '[]') as { token: string; session: { message: string } }[]
    expect(first?.session.message).toContain('wants you to sign in with your Solana account:')
    const client = await request.newContext()
    const introspect = await client.post(`${api}/siwx/v1/introspect?projectId=latch-demo`, {
      data: { token: first?.token },
    })
    const body = (await introspect.json()) as {
      active: boolean
      sub: string
      session: { signatureType: string }
    }
    expect(body.active).toBe(true)
    expect(body.sub).toBe(`${LOCAL_SOLANA_CAIP_ID}:${address}`)
    expect(body.session.signatureType).toBe('ed25519')
    await client.dispose()

    // Reloaded: the session is found again, no new signature asked.
    await page.reload()
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${address}`)
  })
})
