import type { Page, Request } from '@playwright/test'
import { numberToHex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ports } from '../playwright.config.js'
import { approval, demo, frameOrigin, newEmail, press, signUp } from './embedded.js'
import { connectDevWallet, expect, modal, test } from './fixtures.js'

// `npm start`'s demo gives its wagmi config no RPC URL of its own, so the kit reads every EVM
// chain through the project's RPC endpoint on the demo's @latch/server; the embedded wallet's
// frame reads through the same endpoint on its own origin and sends through the server. Neither
// the page nor the frame talks to the chain's node.

const mainnetNode = `http://127.0.0.1:${ports.mainnet}`
const apiOrigin = `http://127.0.0.1:${ports.api}`

interface Seen {
  url: URL
  body: string
  fromFrame: boolean
}

/** Every POST of the page and of its frames, from now on. */
function watch(page: Page): Seen[] {
  const seen: Seen[] = []
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST') return
    let fromFrame = false
    try {
      fromFrame = request.frame().url().startsWith(frameOrigin)
    } catch {
      // A request of a service worker has no frame: not ours.
    }
    seen.push({ url: new URL(request.url()), body: request.postData() ?? '', fromFrame })
  })
  return seen
}

const endpointOf = (seen: Seen, origin: string) =>
  seen.url.origin === origin &&
  seen.url.pathname === '/v1/' &&
  seen.url.searchParams.get('chainId') === 'eip155:1'

test.describe('given the demo as npm start serves it (no RPC URL of its own, a @latch/server)', () => {
  test("when the visitor connects the Dev Wallet, then the balance is read through the server's /v1/ endpoint, not the node", async ({
    page,
  }) => {
    const seen = watch(page)
    await page.goto('/')
    // The 'test' ping on open (spec §7): before the visitor does anything, the kit has asked the
    // endpoint for the chain's id, so the first read finds the connection open and the chain proved.
    await expect
      .poll(() =>
        seen.some((s) => endpointOf(s, apiOrigin) && !s.fromFrame && s.body.includes('"eth_chainId"')),
      )
      .toBe(true)
    await connectDevWallet(page)
    await page.getByTestId('latch-account-button').click()
    await expect(modal(page).getByTestId('latch-account-balance')).toHaveText(/^[\d,]+\.\d\d ETH$/)
    const reads = seen.filter((s) => endpointOf(s, apiOrigin))
    expect(reads.some((s) => s.url.searchParams.get('projectId') === 'latch-demo')).toBe(true)
    expect(reads.some((s) => s.body.includes('"eth_getBalance"'))).toBe(true)
    // The Dev Wallet is a wallet with a node of its own: it answers the kit's wallet_getAssets
    // (EIP-7811) with one batch to that node, its coin and its tokens' balanceOf (an eth_call)
    // together. That read is the wallet's; a balance read of the kit's own comes alone.
    const walletAssetRead = (s: Seen) => s.body.includes('"eth_call"')
    expect(
      seen.filter(
        (s) => s.url.origin === mainnetNode && s.body.includes('"eth_getBalance"') && !walletAssetRead(s),
      ),
    ).toEqual([])
  })

  test('when an embedded wallet sends ETH, then the frame reads through /v1/ and sends through the server, never to the node', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const seen = watch(page)
    const config = page.waitForResponse((r) => r.url().startsWith(`${frameOrigin}/embedded/v1/config`))
    await page.goto(demo)
    const address = await signUp(page, newEmail('rpc-endpoint'))
    const configText = await (await config).text()
    expect(JSON.parse(configText).chains).toContain('eip155:1')
    expect(configText).not.toContain(mainnetNode)
    await fetch(mainnetNode, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [address, numberToHex(parseEther('1'))],
      }),
    })
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-send').click()
    const form = modal(page).getByTestId('latch-send-form')
    await form.getByTestId('latch-send-recipient').fill(recipient)
    await form.getByTestId('latch-send-amount').fill('0.01')
    await form.getByTestId('latch-send-review').click()
    await modal(page).getByTestId('latch-send-confirm').click()
    await expect(approval(page)).toContainText(recipient)
    await press(page, 'approve')
    await expect(modal(page).getByTestId('latch-send-success')).toHaveText('Sent', { timeout: 60_000 })

    const frame = seen.filter((s) => s.fromFrame)
    expect(
      frame.some((s) => endpointOf(s, frameOrigin) && s.body.includes('"eth_getTransactionCount"')),
    ).toBe(true)
    expect(
      frame.some((s) => s.url.origin === frameOrigin && s.url.pathname === '/embedded/v1/broadcast'),
    ).toBe(true)
    expect(frame.filter((s) => s.url.origin !== frameOrigin).map((s) => s.url.href)).toEqual([])
    expect(seen.filter((s) => s.url.origin === mainnetNode && s.body.includes('"eth_getBalance"'))).toEqual(
      [],
    )
  })
})
