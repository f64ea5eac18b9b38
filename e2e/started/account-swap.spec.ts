import { TEST_TOKENS } from '@latch/testkit'
import { createTestClient, createWalletClient, erc20Abi, parseUnits } from 'viem'
import { lttOf, mainnet, mainnetRpc, undoAfterEach } from './chain.js'
import { connectDevWallet, expect, modal, test } from './fixtures.js'

const afterTest = undoAfterEach()

test.describe('given the demo as npm start serves it, connected to its Dev Wallet', () => {
  test('when the visitor swaps 0.1 ETH for the test ERC-20 from the Account view, then the quote is shown, the balance on chain rises by at least its minimum and Activity shows the swap; swapping it back approves the token first', async ({
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

    // Activity shows the swap at once (pending, then listed): what it sold and what it brought.
    await modal(page).getByTestId('latch-swap-done').click()
    await modal(page).getByTestId('latch-account-tab-activity').click()
    const newest = modal(page)
      .getByTestId('latch-account-panel-activity')
      .getByTestId('latch-activity-item')
      .first()
    await expect(newest.getByTestId('latch-activity-amount')).toHaveText(/^−0\.10 ETH → \+[\d.,]+ LTT$/)
    await expect(newest.getByTestId('latch-activity-label')).toHaveText(/^(Pending|Swapped)$/)
    await expect(newest.getByTestId('latch-activity-label')).toHaveText('Swapped', { timeout: 30_000 })

    // Back to ETH: the router may not move the visitor's LTT yet, so the token is approved first
    // (exactly the amount sold), then swapped; the Dev Wallet confirms both.
    await modal(page).getByTestId('latch-account-tab-tokens').click()
    await modal(page).getByTestId('latch-account-swap').click()
    // Picking LTT as what is sold turns what is bought to ETH (the two swap places).
    const from = form.getByTestId('latch-swap-from')
    await from.selectOption(
      (await from.locator('option', { hasText: /^LTT · / }).getAttribute('value')) ?? '',
    )
    await expect(form.getByTestId('latch-swap-to').locator('option:checked')).toHaveText(/^ETH · /)
    await form.getByTestId('latch-swap-amount').fill(shown)
    await expect(form.getByTestId('latch-swap-confirm')).toHaveText('Approve LTT, then swap')
    const ethBeforeBack = await mainnet.getBalance({ address })
    await form.getByTestId('latch-swap-confirm').click()
    await expect(modal(page).getByTestId('latch-swap-success')).toHaveText(
      /^Swapped: your balance rose by \d+(\.\d+)? ETH after network fees$/,
    )
    expect(await lttOf(address)).toBe(before)
    expect(await mainnet.getBalance({ address })).toBeGreaterThan(ethBeforeBack)

    // Activity shows it as a swap once listed too: the ETH back is paid from within the
    // transaction (the router's inner call), which the server's indexer reads from the node.
    await modal(page).getByTestId('latch-swap-done').click()
    await modal(page).getByTestId('latch-account-tab-activity').click()
    const back = modal(page)
      .getByTestId('latch-account-panel-activity')
      .getByTestId('latch-activity-item')
      .first()
    // The kit's own record of it goes once the server lists it: what shows then is the listing.
    const hash = (await back.getAttribute('data-hash')) ?? ''
    expect(hash).toMatch(/^0x[0-9a-fA-F]{64}$/)
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('@latch/pending-transactions') ?? ''), {
        timeout: 30_000,
      })
      .not.toContain(hash)
    await expect(back).toHaveAttribute('data-hash', hash.toLowerCase())
    await expect(back.getByTestId('latch-activity-label')).toHaveText('Swapped')
    await expect(back.getByTestId('latch-activity-amount')).toHaveText(/^−[\d.,]+ LTT → \+[\d.,]+ ETH$/)
  })
})
