import { TEST_TOKENS } from '@latch/testkit'
import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { ports } from '../playwright.config.js'
import { connectDevWallet, devWallet, expect, modal, test } from './fixtures.js'

const en = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** What the chain says the address holds, formatted as the spec shows amounts (en-US, 2 decimals). */
async function onChain(address: `0x${string}`) {
  const client = createPublicClient({ transport: http(`http://127.0.0.1:${ports.mainnet}`) })
  const [eth, ltt] = await Promise.all([
    client.getBalance({ address }),
    client.readContract({
      address: TEST_TOKENS.erc20.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    }),
  ])
  const format = (value: string) => en.format(value as unknown as number)
  return { eth: `${format(formatUnits(eth, 18))} ETH`, ltt: `${format(formatUnits(ltt, 6))} LTT` }
}

test.describe('given the demo as npm start serves it, with its seeded Dev Wallet', () => {
  test('when the visitor opens Account, then Tokens shows ETH and the test ERC-20 with their amounts, from the wallet and from the balance service', async ({
    page,
  }) => {
    await page.goto('/')
    const address = (await connectDevWallet(page)) as `0x${string}`
    const expected = await onChain(address)
    expect(expected.ltt).toBe('1,234.50 LTT')

    // The Dev Wallet lists its assets (EIP-7811): the kit asks it, not the server.
    const serverAsked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/account/v1/balances')) serverAsked.push(request.url())
    })
    await page.getByTestId('latch-account-button').click()
    const tokens = modal(page).getByTestId('latch-account-panel-tokens')
    await expect(modal(page).getByTestId('latch-account-tab-tokens')).toHaveAttribute('aria-selected', 'true')
    await expect(tokens.getByTestId('latch-token-amount')).toHaveText([expected.eth, expected.ltt])
    await expect(tokens.getByTestId('latch-token-LTT')).toContainText('Latch Test Token')
    expect(await devWallet.requests(page)).toContain('wallet_getAssets')
    expect(serverAsked).toEqual([])

    // Activity lists the tokens npm start gave this account; the tab is kept when Account opens again.
    await modal(page).getByTestId('latch-account-tab-activity').click()
    await expect(modal(page).getByTestId('latch-activity-item').first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()

    // Without asset discovery the same amounts come from the project's balance service.
    await devWallet.setAssetDiscovery(page, false)
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-tab-activity')).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await modal(page).getByTestId('latch-account-tab-tokens').click()
    await expect(tokens.getByTestId('latch-token-amount')).toHaveText([expected.eth, expected.ltt])
    // The tab shows the amounts it had while it asks again: the service's answer may come after.
    await expect.poll(() => serverAsked.length).toBeGreaterThan(0)
    expect(new URL(serverAsked[0]!).searchParams.get('chainId')).toBe('eip155:1')
  })
})

test.describe('given the demo as npm start serves it, when the chain does not answer balance reads', () => {
  test("then Account shows 'Token Balance Unavailable' for the native balance, and no new read for 30 s", async ({
    page,
  }) => {
    // The page reads mainnet through the project's RPC endpoint on the demo's server: its
    // eth_getBalance fails there; everything else goes through.
    let balanceReads = 0
    const endpoint = (url: URL) =>
      url.origin === `http://127.0.0.1:${ports.api}` &&
      url.pathname === '/v1/' &&
      url.searchParams.get('chainId') === 'eip155:1'
    await page.route(endpoint, async (route) => {
      if (route.request().postData()?.includes('"eth_getBalance"')) {
        balanceReads++
        return route.abort('connectionrefused')
      }
      return route.continue()
    })
    await page.goto('/')
    await connectDevWallet(page)
    // The token list comes from the balance service (the server reads the chain itself), so the
    // page's only balance reads are the native balance's.
    await devWallet.setAssetDiscovery(page, false)
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-balance')).toHaveText('Token Balance Unavailable')
    await expect(modal(page).getByTestId('latch-token-LTT')).toBeVisible()
    const reads = balanceReads
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-balance')).toHaveText('Token Balance Unavailable')
    expect(balanceReads).toBe(reads)
  })
})
