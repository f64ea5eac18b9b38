import { TEST_TOKENS } from '@latch/testkit'
import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { ports } from '../playwright.config.js'
import { undoAfterEach } from './chain.js'
import { connectDevWallet, expect, modal, pickNetwork, test } from './fixtures.js'

// The demo's Base quotes through the server's 0x adapter (Dev 0x over the local DEX there).
const baseRpc = http(`http://127.0.0.1:${ports.base}`)
const base = createPublicClient({ transport: baseRpc })
const lttOnBase = (address: `0x${string}`) =>
  base.readContract({
    address: TEST_TOKENS.erc20.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

const afterTest = undoAfterEach()

test.describe('given the demo as npm start serves it, on Base, where its server quotes swaps through 0x', () => {
  test('when the visitor swaps 0.05 ETH for the test ERC-20, then the 0x quote is shown without a price impact it does not give, and the balance on chain rises by at least its minimum', async ({
    page,
  }) => {
    await page.goto('/')
    const address = (await connectDevWallet(page)) as `0x${string}`
    await pickNetwork(page, 'Base')
    await expect(page.getByTestId('demo-network')).toHaveText('eip155:8453')
    const before = await lttOnBase(address)
    const ethBefore = await base.getBalance({ address })
    afterTest(async () => {
      const gained = (await lttOnBase(address)) - before
      const testClient = createTestClient({ mode: 'anvil', transport: baseRpc })
      if (gained > 0n) {
        await testClient.impersonateAccount({ address })
        const hash = await createWalletClient({ transport: baseRpc }).writeContract({
          account: address,
          chain: null,
          address: TEST_TOKENS.erc20.address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: ['0x000000000000000000000000000000000000dEaD', gained],
        })
        await base.waitForTransactionReceipt({ hash })
        await testClient.stopImpersonatingAccount({ address })
      }
      await testClient.setBalance({ address, value: ethBefore })
    })

    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-swap').click()
    const form = modal(page).getByTestId('latch-swap-form')
    await expect(form.getByTestId('latch-swap-to').locator('option:checked')).toHaveText(/^LTT · /)
    await form.getByTestId('latch-swap-amount').fill('0.05')
    const quote = form.getByTestId('latch-swap-quote')
    await expect(quote.getByTestId('latch-swap-buy')).toHaveText(/^\d+(\.\d+)? LTT$/)
    await expect(quote.getByTestId('latch-swap-impact')).toHaveCount(0)
    const minimumText = (await quote.getByTestId('latch-swap-minimum').textContent()) ?? ''
    const minimum = parseUnits(minimumText.replace(' LTT', ''), TEST_TOKENS.erc20.decimals)
    expect(minimum).toBeGreaterThan(0n)

    await expect(form.getByTestId('latch-swap-confirm')).toHaveText('Swap')
    await form.getByTestId('latch-swap-confirm').click()
    await expect(modal(page).getByTestId('latch-swap-success')).toHaveText(
      /^Swapped: received \d+(\.\d+)? LTT$/,
    )
    expect((await lttOnBase(address)) - before).toBeGreaterThanOrEqual(minimum)
  })
})
