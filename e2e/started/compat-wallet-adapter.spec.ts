import { SOLANA_TEST_SEEDS, solanaAddressOfSeed } from '@latch/testkit'
import { createSolanaRpc } from '@solana/kit'
import { ports } from '../playwright.config.js'
import { expect, modal, test } from './fixtures.js'

const firstAccount = solanaAddressOfSeed(SOLANA_TEST_SEEDS[0]!)
const solanaRequests = (page: import('@playwright/test').Page) =>
  page.evaluate(() => window.__latchDemoSolanaWallet?.requests() ?? [])
/** Lamports of a balance shown with all nine decimals. */
const lamports = (text: string) => BigInt(text.replace(/ SOL$/, '').replace('.', ''))

test.describe('given the demo with a Solana wallet-adapter app (?kit=wallet-adapter), through @latch/solana/react only', () => {
  test("when the visitor connects the Dev Wallet from the Solana ConnectButton, then its public key shows, a message signed with signMessage verifies, SOL sent with sendTransaction lands, a reload restores it, and the app's own button disconnects and reconnects it", async ({
    page,
  }) => {
    await page.goto('/?kit=wallet-adapter')
    const publicKey = page.getByTestId('wa-public-key')
    const own = page.getByTestId('wa-button')
    await expect(publicKey).toHaveText('Not connected')
    // The header's ConnectButton namespace="solana" (the guide's WalletMultiButton), with Ethereum
    // the active network: the Dev Wallet's Solana side connects, not its Ethereum side.
    await page.getByTestId('latch-connect-button').click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(publicKey).toHaveText(firstAccount)
    await expect(page.getByTestId('latch-account-button')).toHaveAccessibleName(new RegExp(firstAccount))
    await expect(own).toHaveText(`${firstAccount.slice(0, 4)}..${firstAccount.slice(-4)}`)
    await expect(page.getByTestId('wa-wallet')).toHaveText('Latch Dev Wallet')
    await expect(modal(page)).toBeHidden()

    await page.getByRole('button', { name: 'Sign with signMessage' }).click()
    await expect(page.getByTestId('wa-signed')).toHaveText('Signature verified')
    expect(await solanaRequests(page)).toContain('solana:signMessage')

    const balance = page.getByTestId('wa-balance')
    await expect(balance).toHaveText(/^\d+\.\d{9} SOL$/)
    const shown = await balance.innerText()
    const before = lamports(shown)
    const rpc = createSolanaRpc(`http://127.0.0.1:${ports.solana}`)
    const recipient = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'
    const received = (await rpc.getBalance(recipient as never).send()).value
    await page.getByRole('button', { name: 'Send 0.01 SOL with sendTransaction' }).click()
    await expect(page.getByTestId('wa-sent')).toHaveText('Transfer confirmed')
    // The transfer and its fee, on the app's own Connection; the recipient read by a client of the test's own.
    await expect(balance).not.toHaveText(shown)
    const after = await balance.innerText()
    // 0.01 SOL and the fee (5,000 lamports a signature).
    expect(before - lamports(after)).toBe(10_005_000n)
    expect((await rpc.getBalance(recipient as never).send()).value).toBe(received + 10_000_000n)
    await expect(page.getByTestId('wa-error')).toHaveCount(0)

    // autoConnect: the session comes back on load, with no click.
    await page.reload()
    await expect(publicKey).toHaveText(firstAccount)
    await expect(balance).toHaveText(after)

    // The app's own button: disconnect, then Select Wallet opens the modal (useWalletModal) on Solana.
    await own.click()
    await expect(publicKey).toHaveText('Not connected')
    await expect(own).toHaveText('Select Wallet')
    await own.click()
    await modal(page)
      .getByRole('button', { name: /Latch Dev Wallet/ })
      .click()
    await expect(publicKey).toHaveText(firstAccount)
  })
})
