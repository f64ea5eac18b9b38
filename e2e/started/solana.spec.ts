import { LOCAL_SOLANA_CAIP_ID, SOLANA_TEST_SEEDS, solanaAddressOfSeed } from '@latch/testkit'
import type { Page } from '@playwright/test'
import { createSolanaRpc } from '@solana/kit'
import { ports } from '../playwright.config.js'
import { connectDevWallet, expect, modal, recordToasts, status, test } from './fixtures.js'

// The demo's own Dev Wallet as `npm start` starts it: one wallet with an Ethereum side (EIP-6963)
// and a Solana side (Wallet Standard) on the local SVM, driven from its panel like a visitor would.
const solanaRpcUrl = `http://127.0.0.1:${ports.solana}`
const firstAccount = solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]!)
const secondAccount = solanaAddressOfSeed(SOLANA_TEST_SEEDS[1]!)
const solanaRequests = (page: Page) => page.evaluate(() => window.__latchDemoSolanaWallet?.requests() ?? [])

/** Picks Solana (local) in the network list. */
async function pickSolana(page: Page) {
  await page.getByTestId('latch-network-button').click()
  await modal(page)
    .getByRole('button', { name: /Solana \(local\)/ })
    .click()
}

/** Nothing connected: picks Solana, then the Dev Wallet row connects its Solana side. */
async function connectSolana(page: Page) {
  await pickSolana(page)
  await expect(page.getByTestId('latch-network-button')).toHaveText('Solana (local)')
  await page.getByTestId('latch-connect-button').click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(status(page)).toHaveText('connected')
  await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
  await expect(page.getByTestId('demo-address')).toHaveText(firstAccount)
}

test.describe('given the demo as npm start serves it, with Ethereum, Base and Solana (local)', () => {
  test('when the visitor connects the Solana side of the Dev Wallet, then the balance is the chain’s, a message verifies, SOL sent lands and an over-balance send shows the chain’s error', async ({
    page,
  }) => {
    await page.goto('/')
    // One row for the wallet that serves both namespaces.
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByRole('button', { name: /Latch Dev Wallet/ })).toHaveCount(1)
    await page.keyboard.press('Escape')
    await connectSolana(page)
    expect(await solanaRequests(page)).toContain('standard:connect')

    const rpc = createSolanaRpc(solanaRpcUrl)
    const lamports = (await rpc.getBalance(firstAccount as never).send()).value
    const shown = page.getByTestId('latch-account-button')
    await expect(shown).toContainText(/[\d,]+\.\d+ SOL/)
    const text = (await shown.innerText()).match(/([\d,]+\.\d+) SOL/)?.[1] ?? ''
    expect(Math.abs(Number(text.replace(/,/g, '')) - Number(lamports) / 1e9)).toBeLessThan(0.01)

    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    expect(await solanaRequests(page)).toContain('solana:signMessage')

    const recipient = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'
    const before = (await rpc.getBalance(recipient as never).send()).value
    await page.getByLabel('Amount (SOL)').fill('0.25')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Confirmed in slot \d+$/)
    // Read by a client of its own, not the kit's.
    expect(
      (
        await createSolanaRpc(solanaRpcUrl)
          .getBalance(recipient as never)
          .send()
      ).value,
    ).toBe(before + 250_000_000n)

    await page.getByLabel('Amount (SOL)').fill('5000000')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByTestId('demo-send-error')).toHaveText(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    await expect(status(page)).toHaveText('connected')
  })

  test('when the visitor switches Ethereum ↔ Solana and reloads, then both sides come back; disconnecting the Solana side leaves Ethereum connected', async ({
    page,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    // Only Ethereum connected: picking Solana asks to connect it (SwitchActiveChain).
    await pickSolana(page)
    await expect(modal(page)).toContainText('To use Solana (local), connect a wallet that supports it.')
    await modal(page).getByRole('button', { name: 'Connect Wallet' }).click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(status(page)).toHaveText('connected')
    await expect(modal(page)).toBeHidden()

    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await page.reload()
    await expect(status(page)).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Solana \(local\)/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(status(page)).toHaveText('connected')

    // No cascade for an injected wallet: the Ethereum side stays.
    await page.getByTestId('demo-disconnect').click()
    await expect(status(page)).toHaveText('disconnected')
    expect(await solanaRequests(page)).toContain('standard:disconnect')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await expect(status(page)).toHaveText('connected')
  })

  test('when both sides are connected, then Account lists each with its address and disconnects one, then the other, saying which', async ({
    page,
  }) => {
    await page.goto('/')
    const evmAddress = await connectDevWallet(page)
    await pickSolana(page)
    await modal(page).getByRole('button', { name: 'Connect Wallet' }).click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(modal(page)).toBeHidden()
    // The header's avatar of a Solana account is an identicon, not a plain disc.
    await expect(page.getByTestId('latch-account-button').getByTestId('latch-identicon')).toBeVisible()

    await page.getByTestId('latch-account-button').click()
    const rows = modal(page).getByTestId('latch-account-namespace')
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: 'Ethereum' })).toContainText(`${evmAddress.slice(0, 6)}`)
    await expect(rows.filter({ hasText: 'Solana (local)' })).toContainText(firstAccount.slice(0, 4))
    await expect(rows.filter({ hasText: 'Solana (local)' }).getByTestId('latch-identicon')).toBeVisible()
    await expect(modal(page).getByTestId('latch-disconnect')).toHaveText('Disconnect all')

    // One side: Solana goes, Ethereum stays and becomes the account shown; the toast says which.
    const toasts = await recordToasts(page)
    await modal(page).getByRole('button', { name: 'Disconnect Solana (local)' }).click()
    await expect.poll(toasts).toContain('Solana (local) disconnected')
    await expect(rows).toHaveCount(0)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await expect(status(page)).toHaveText('connected')
    await expect(modal(page).getByTestId('latch-account-address')).toBeVisible()
    expect(await solanaRequests(page)).toContain('standard:disconnect')
    // The toast sits clear of the Disconnect row.
    const toast = await modal(page).getByTestId('latch-toast').boundingBox()
    const disconnectRow = await modal(page).getByTestId('latch-disconnect').boundingBox()
    expect(toast && disconnectRow && toast.y + toast.height <= disconnectRow.y).toBe(true)

    // Then the other: the modal closes, nothing is connected.
    await expect(modal(page).getByTestId('latch-disconnect')).toHaveText('Disconnect')
    await modal(page).getByTestId('latch-disconnect').click()
    await expect(modal(page)).toBeHidden()
    await expect(status(page)).toHaveText('disconnected')
  })

  test('when the Dev Wallet changes its Solana account or ends the session from its panel, then the dapp follows', async ({
    page,
  }) => {
    await page.goto('/')
    await connectSolana(page)
    await page.getByRole('button', { name: 'Solana: use account 2' }).click()
    await expect(page.getByTestId('demo-address')).toHaveText(secondAccount)
    await page.getByRole('button', { name: 'Solana: disconnect' }).click()
    await expect(status(page)).toHaveText('disconnected')
  })
})
