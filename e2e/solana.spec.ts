import { LOCAL_SOLANA_CAIP_ID, SOLANA_TEST_SEEDS } from '@latch/testkit/wallet'
import type { Page } from '@playwright/test'
import { createSolanaRpc } from '@solana/kit'
import { connectDevWallet, e2eTestWalletOptions, expect, modal, test } from './fixtures.js'
import { ports } from './playwright.config.js'

const solanaRpcUrl = `http://127.0.0.1:${ports.solana}`

// The Dev Wallet with both sides: EIP-6963 for Ethereum and Base, Wallet Standard for Solana.
test.use({
  testWalletOptions: {
    ...e2eTestWalletOptions,
    solana: { seeds: SOLANA_TEST_SEEDS.slice(0, 2), rpcUrls: { 'solana:localnet': solanaRpcUrl } },
  },
})

/** Picks Solana (local) in the network list while nothing is connected there. */
async function pickSolana(page: Page) {
  await page.getByTestId('latch-network-button').click()
  await modal(page)
    .getByRole('button', { name: /Solana \(local\)/ })
    .click()
}

async function connectSolana(page: Page) {
  await pickSolana(page)
  await expect(page.getByTestId('latch-network-button')).toHaveText('Solana (local)')
  await connectDevWallet(page)
  await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
}

/** Connected on Ethereum: picking Solana asks to connect it (SwitchActiveChain), then the same Dev Wallet row connects its Solana side. */
async function connectSolanaFromEthereum(page: Page) {
  await pickSolana(page)
  await expect(modal(page)).toContainText('Connect a wallet for solana to use Solana (local).')
  await modal(page).getByRole('button', { name: 'Connect Wallet' }).click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
  await expect(page.getByTestId('demo-status')).toHaveText('connected')
  await expect(modal(page)).toBeHidden()
}

test.describe('given the demo with Ethereum, Base and Solana (local)', () => {
  test('the network list spans both namespaces and the Dev Wallet is one row', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('latch-network-button').click()
    for (const name of ['Ethereum', 'Base', 'Solana (local)'])
      await expect(
        modal(page).getByRole('button', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }),
      ).toBeVisible()
    await page.keyboard.press('Escape')
    await page.getByTestId('latch-connect-button').click()
    await expect(modal(page).getByRole('button', { name: /Latch Dev Wallet/ })).toHaveCount(1)
  })

  test('when they connect the Solana side, then the SOL balance comes from the local chain', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/')
    await connectSolana(page)
    const address = await testWallet.solana.address()
    await expect(page.getByTestId('demo-address')).toHaveText(address)
    const lamports = (
      await createSolanaRpc(solanaRpcUrl)
        .getBalance(address as never)
        .send()
    ).value
    const shown = page.getByTestId('latch-account-button')
    await expect(shown).toContainText(/[\d,]+\.\d+ SOL/)
    const text = (await shown.innerText()).match(/([\d,]+\.\d+) SOL/)?.[1] ?? ''
    expect(Math.abs(Number(text.replace(/,/g, '')) - Number(lamports) / 1e9)).toBeLessThan(0.01)
    expect(await testWallet.solana.requests()).toContain('standard:connect')
  })

  test('when they sign a message, then the ed25519 signature verifies', async ({ page, testWallet }) => {
    await page.goto('/')
    await connectSolana(page)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified')
    expect(await testWallet.solana.requests()).toContain('solana:signMessage')
  })

  test('when they send SOL, then it is confirmed and the recipient has before + amount', async ({ page }) => {
    await page.goto('/')
    await connectSolana(page)
    const rpc = createSolanaRpc(solanaRpcUrl)
    const recipient = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'
    const before = (await rpc.getBalance(recipient as never).send()).value
    await page.getByLabel('Amount (SOL)').fill('0.25')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Confirmed in slot \d+$/)
    expect((await rpc.getBalance(recipient as never).send()).value).toBe(before + 250_000_000n)
  })

  test('when they send more SOL than they hold, then the chain’s error is shown and they stay connected', async ({
    page,
  }) => {
    await page.goto('/')
    await connectSolana(page)
    await page.getByLabel('Amount (SOL)').fill('5000000')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByTestId('demo-send-error')).toBeVisible()
    await expect(page.getByTestId('demo-send-error')).toHaveText(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
  })

  test('when they switch Ethereum ↔ Solana and reload, then both sides are restored', async ({ page }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await connectSolanaFromEthereum(page)
    // Both connected: switching back to Ethereum is immediate.
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await page.reload()
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Solana \(local\)/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText(LOCAL_SOLANA_CAIP_ID)
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
  })

  test('when they disconnect the Solana side, then the Ethereum side of the same wallet stays connected', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await connectSolanaFromEthereum(page)
    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
    expect(await testWallet.solana.requests()).toContain('standard:disconnect')
    await page.getByTestId('latch-network-button').click()
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:1')
    await expect(page.getByTestId('demo-status')).toHaveText('connected')
  })

  test('when the wallet ends the Solana session or changes account, then the dapp follows', async ({
    page,
    testWallet,
  }) => {
    await page.goto('/')
    await connectSolana(page)
    await testWallet.solana.setAccount(1)
    await expect(page.getByTestId('demo-address')).toHaveText(await testWallet.solana.address())
    await testWallet.solana.disconnect()
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected')
  })
})
