import { createPublicClient, formatUnits, http } from 'viem'
import { ports } from '../playwright.config.js'
import { connectDevWallet, expect, modal, test } from './fixtures.js'

// npm start prices ETH at 2 500 USD and the test ERC-20 at 1 USD through its local price source.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

test.describe('given the demo as npm start serves it, with the local price source configured for its project', () => {
  test("when the visitor opens Account, then the Dev Wallet's ETH balance shows its USD value from that source, and the page asks only the server", async ({
    page,
  }) => {
    const asked: string[] = []
    page.on('request', (request) => asked.push(request.url()))
    await page.goto('/')
    const address = (await connectDevWallet(page)) as `0x${string}`
    const client = createPublicClient({ transport: http(`http://127.0.0.1:${ports.mainnet}`) })
    const eth = Number(formatUnits(await client.getBalance({ address }), 18))

    await page.getByTestId('latch-account-button').click()
    const tokens = modal(page).getByTestId('latch-account-panel-tokens')
    await expect(tokens.getByTestId('latch-token-ETH').getByTestId('latch-token-value')).toHaveText(
      usd.format(eth * 2500),
    )
    await expect(tokens.getByTestId('latch-token-LTT').getByTestId('latch-token-value')).toHaveText(
      '$1,234.50',
    )
    await expect(tokens.getByTestId('latch-tokens-total')).toHaveText(
      `Total value: ${usd.format(eth * 2500 + 1234.5)}`,
    )
    // The prices came from the wallet server's price service; the price source is its host alone.
    const prices = asked.filter((url) => url.includes('/account/v1/prices'))
    expect(prices.length).toBeGreaterThan(0)
    expect(new URL(prices[0]!).searchParams.get('chainId')).toBe('eip155:1')
    expect(asked.filter((url) => url.includes('/simple/'))).toEqual([])
  })
})
