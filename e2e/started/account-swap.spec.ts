import { TEST_TOKENS } from '@latch/testkit'
import { createTestClient, createWalletClient, erc20Abi, parseUnits } from 'viem'
import { lttOf, mainnet, mainnetRpc, undoAfterEach } from './chain.js'
import { connectDevWallet, expect, modal, test } from './fixtures.js'

const afterTest = undoAfterEach()

test.describe('given the demo as npm start serves it, connected to its Dev Wallet', () => {
  test('when the visitor swaps 0.1 ETH for the test ERC-20 from the Account view, then the quote is shown and the balance on chain rises by at least its minimum', async ({
    page,
  }) => {
    await page.goto('/')
    const address = (await connectDevWallet(page)) as `0x${string}`
    const before = await lttOf(address)
    const ethBefore = await mainnet.getBalance({ address })
    // The stack is shared with the other specs, which expect the Dev Wallet's seeded balances:
    // the LTT bought goes to a burn address and the ETH is set back afterwards, whatever happens.
    afterTest(async () => {
      const gained = (await lttOf(address)) - before
      const testClient = createTestClient({ mode: 'anvil', transport: mainnetRpc })
      if (gained > 0n) {
        await testClient.impersonateAccount({ address })
        const hash = await createWalletClient({ transport: mainnetRpc }).writeContract({
          account: address,
          chain: null,
          address: TEST_TOKENS.erc20.address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: ['0x000000000000000000000000000000000000dEaD', gained],
        })
        await mainnet.waitForTransactionReceipt({ hash })
        await testClient.stopImpersonatingAccount({ address })
      }
      await testClient.setBalance({ address, value: ethBefore })
    })

    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-swap').click()
    const form = modal(page).getByTestId('latch-swap-form')
    await expect(form.getByTestId('latch-swap-from').locator('option:checked')).toHaveText(/^ETH · /)
    await expect(form.getByTestId('latch-swap-to').locator('option:checked')).toHaveText(/^LTT · /)

    // More than the account holds is refused before any quote.
    await form.getByTestId('latch-swap-amount').fill('1000000')
    await expect(form.getByTestId('latch-swap-amount-error')).toHaveText('Insufficient balance')
    await expect(form.getByTestId('latch-swap-confirm')).toBeDisabled()

    await form.getByTestId('latch-swap-amount').fill('0.1')
    const quote = form.getByTestId('latch-swap-quote')
    await expect(quote.getByTestId('latch-swap-buy')).toHaveText(/^\d+(\.\d+)? LTT$/)
    await expect(quote.getByTestId('latch-swap-rate')).toHaveText(/^1 ETH = \d+(\.\d+)? LTT$/)
    await expect(quote.getByTestId('latch-swap-impact')).toHaveText(/^\d+\.\d\d %$/)
    await expect(quote.getByTestId('latch-swap-fee')).toHaveText(/^0\.\d+ ETH$/)
    const minimumText = (await quote.getByTestId('latch-swap-minimum').textContent()) ?? ''
    expect(minimumText).toMatch(/^\d+(\.\d+)? LTT$/)
    const minimum = parseUnits(minimumText.replace(' LTT', ''), TEST_TOKENS.erc20.decimals)
    expect(minimum).toBeGreaterThan(0n)

    // Selling ETH needs no approval: one transaction, which the Dev Wallet confirms.
    await expect(form.getByTestId('latch-swap-confirm')).toHaveText('Swap')
    await form.getByTestId('latch-swap-confirm').click()
    const success = modal(page).getByTestId('latch-swap-success')
    await expect(success).toHaveText(/^Swapped: received \d+(\.\d+)? LTT$/)
    const gained = (await lttOf(address)) - before
    expect(gained).toBeGreaterThanOrEqual(minimum)
    const shown = /received (\S+) LTT/.exec((await success.textContent()) ?? '')?.[1] ?? ''
    expect(parseUnits(shown, TEST_TOKENS.erc20.decimals)).toBe(gained)
  })
})
