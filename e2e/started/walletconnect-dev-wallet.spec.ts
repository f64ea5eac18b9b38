import { LOCAL_SOLANA_CAIP_ID, SOLANA_TEST_SEEDS, solanaAddressOfSeed, TEST_ACCOUNTS } from '@latch/testkit'
import type { Page } from '@playwright/test'
import { createSolanaRpc } from '@solana/kit'
import { ports } from '../playwright.config.js'
import { introspect, storedToken } from '../siwx-helpers.js'
import { expect, modal, status, test } from './fixtures.js'

// The Dev Wallet over WalletConnect as `npm start` runs it: a wallet peer on the local relay that
// "scans" the QR code the modal shows (the panel's switch), approves eip155 and solana, and
// answers one-click sign-in requests.
const peerAddress = TEST_ACCOUNTS[1]!.address
const peerSolanaAddress = solanaAddressOfSeed(SOLANA_TEST_SEEDS[2]!)

/** Opens WalletConnect in the modal with the Dev Wallet's scan on; returns once it is connected. */
async function connectOverWalletConnect(page: Page, query: string) {
  await page.goto(query)
  await page.getByRole('checkbox', { name: 'Scan the QR code automatically' }).check()
  await page.getByTestId('latch-connect-button').click()
  await modal(page).getByTestId('wallet-option-walletconnect').click()
  await expect(status(page)).toHaveText('connected', { timeout: 20_000 })
  await expect(page.getByTestId('demo-address')).toHaveText(peerAddress)
}

test.describe('given the demo as npm start serves it, with sign-in required and only Ethereum networks', () => {
  test('when the Dev Wallet over WalletConnect scans the code, then one approval connects and signs in, verified by the server', async ({
    page,
  }) => {
    await connectOverWalletConnect(page, '/?siwx=required&solana=off')
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${peerAddress}`)
    await expect(modal(page)).toBeHidden()
    await expect(page.getByTestId('demo-dev-wc-status')).toHaveText(
      `Approved the session and signed in with ${peerAddress}`,
    )
    expect(await introspect(await storedToken(page))).toMatchObject({
      active: true,
      sub: `eip155:1:${peerAddress}`,
      session: { signatureType: 'eip191' },
    })
    // The stored session keeps the wallet's CACAO, and the session answers requests.
    const cacao = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('latch.siwx.server.latch-demo') ?? '[]') as {
            session: { cacao?: unknown }
          }[]
        )[0]?.session.cacao,
    )
    expect(cacao).toMatchObject({ h: { t: 'caip122' }, p: { iss: `did:pkh:eip155:1:${peerAddress}` } })
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    // Reloaded: the session and the sign-in come back, no prompt.
    await page.reload()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-signin')).toHaveText(`Signed in as ${peerAddress}`)
    await expect(modal(page)).toBeHidden()
  })
})

test.describe('given the demo as npm start serves it, with Ethereum, Base and Solana (local)', () => {
  test('when the Dev Wallet over WalletConnect approves both namespaces, then on Solana a signed message verifies, SOL sent lands, and a reload restores it', async ({
    page,
  }) => {
    await connectOverWalletConnect(page, '/')
    await expect(page.getByTestId('demo-dev-wc-status')).toHaveText(
      `Approved the session with ${peerAddress}`,
    )
    // One session, both namespaces: no second connect on Solana.
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Solana \(local\)/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-address')).toHaveText(peerSolanaAddress)
    await expect(page.getByTestId('latch-account-button')).toContainText(/[\d,]+\.\d+ SOL/)
    // Signed through WalletConnect; the demo verifies it with ed25519 against the account's key.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')

    // Sent through the session: the wallet signs and sends to the local chain.
    const rpc = createSolanaRpc(`http://127.0.0.1:${ports.solana}`)
    const recipient = solanaAddressOfSeed(SOLANA_TEST_SEEDS[1]!)
    const before = (await rpc.getBalance(recipient as never).send()).value
    await page.getByLabel('To', { exact: true }).fill(recipient)
    await page.getByLabel('Amount (SOL)').fill('0.125')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Confirmed in slot \d+$/)
    expect((await rpc.getBalance(recipient as never).send()).value).toBe(before + 125_000_000n)

    // Reloaded: the one session is restored on Solana, and still signs through it.
    await page.reload()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(page.getByTestId('demo-address')).toHaveText(peerSolanaAddress)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
  })
})
