import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { lttOf } from './chain.js'
import { connectDevWallet, devWallet, expect, modal, status, test } from './fixtures.js'

const sends = (methods: string[]) =>
  methods.filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction')

test.describe('given the demo as npm start serves it, connected to its Dev Wallet', () => {
  test('when the visitor sends a batch (mint 1 LTT, approve the recipient, transfer it), then the Dev Wallet sends it with wallet_sendCalls, and without EIP-5792 the kit sends each call, both landing on chain', async ({
    page,
  }) => {
    await page.goto('/')
    const sender = (await connectDevWallet(page)) as `0x${string}`
    const held = await lttOf(sender)
    const batch = page.getByRole('region', { name: 'Send a batch (EIP-5792)' })

    await test.step('the Dev Wallet sends the batch itself', async () => {
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const before = (await devWallet.requests(page)).length
      await batch.getByLabel('Recipient').fill(recipient)
      await batch.getByRole('button', { name: 'Send batch' }).click()
      await expect(page.getByTestId('demo-batch-status')).toHaveText(
        'success (200): 3 receipt(s), not atomic',
      )
      expect(sends((await devWallet.requests(page)).slice(before))).toEqual(['wallet_sendCalls'])
      expect(await lttOf(recipient)).toBe(1_000_000n)
    })

    await test.step('a wallet without EIP-5792: the kit sends the calls one by one under one batch id', async () => {
      await page.getByLabel('Without EIP-5792 batches').check()
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const before = (await devWallet.requests(page)).length
      await batch.getByLabel('Recipient').fill(recipient)
      await batch.getByRole('button', { name: 'Send batch' }).click()
      await expect(page.getByTestId('demo-batch-status')).toHaveText(
        'success (200): 3 receipt(s), not atomic',
      )
      expect(sends((await devWallet.requests(page)).slice(before))).toEqual([
        'eth_sendTransaction',
        'eth_sendTransaction',
        'eth_sendTransaction',
      ])
      expect(await lttOf(recipient)).toBe(1_000_000n)
    })
    // Each batch minted what it sent: the sender's balance, shared with the other specs, is as before.
    expect(await lttOf(sender)).toBe(held)
  })
})

test.describe('given the demo as npm start serves it, connected to the Dev Wallet over WalletConnect', () => {
  test('when the visitor sends a batch, then the session advertises batches, the wallet sends it with wallet_sendCalls, and it lands on chain', async ({
    page,
  }) => {
    await page.goto('/?solana=off')
    await page.getByRole('checkbox', { name: 'Scan the QR code automatically' }).check()
    await page.getByTestId('latch-connect-button').click()
    await modal(page).getByTestId('wallet-option-walletconnect').click()
    await expect(status(page)).toHaveText('connected', { timeout: 20_000 })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const batch = page.getByRole('region', { name: 'Send a batch (EIP-5792)' })
    await batch.getByLabel('Recipient').fill(recipient)
    await batch.getByRole('button', { name: 'Send batch' }).click()
    await expect(page.getByTestId('demo-batch-status')).toHaveText('success (200): 3 receipt(s), not atomic')
    // The wallet's own id (16 random bytes), not the kit's fallback id that carries the hashes.
    await expect(page.getByTestId('demo-batch-id')).toHaveText(/^0x[0-9a-f]{32}$/)
    expect(await lttOf(recipient)).toBe(1_000_000n)
  })
})
