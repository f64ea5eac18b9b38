import { type AnvilInstance, type DevOnramp, startAnvil, startDevOnramp, TEST_ACCOUNTS } from '@latch/testkit'
import { SignJWT } from 'jose'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setOnrampProvider } from '../cli/onramp.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'

// The project's Transak API key and secret; Dev Onramp speaks Transak's API with them.
const API_KEY = 'transak-api-key-test'
const API_SECRET = 'transak-api-secret-0123456789'
let chain: AnvilInstance
beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
}, 60_000)
afterAll(() => chain?.stop())

const order = {
  purchaseCurrency: 'ETH',
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  amount: '127.00',
  network: 'eip155:1',
}

describe.each(backends)('given on-ramp through Transak on %s', (backend) => {
  let base: string
  let close: () => Promise<void>
  let repository: Repository
  let dev: DevOnramp
  const buyer = TEST_ACCOUNTS[backend === 'sqlite' ? 0 : 1]!.address
  const webhookPath = `/onramp/v1/webhooks/transak/${demoProject.id}`
  beforeAll(async () => {
    const started = await startTestServer(backend, { onramp: { timeoutMs: 1_000, optionsCacheMs: 0 } })
    ;({ base, close, repository } = started)
    dev = await startDevOnramp({
      rpcUrl: chain.rpcUrl,
      funderKey: TEST_ACCOUNTS[4]!.privateKey,
      webhookUrl: `${base}/onramp/v1/webhooks/dev-onramp/${demoProject.id}`,
      secret: API_SECRET,
      transak: { apiKey: API_KEY, webhookUrl: `${base}${webhookPath}` },
    })
    await setOnrampProvider(repository, undefined, {
      id: demoProject.id,
      provider: 'transak',
      apiUrl: `${dev.url}/transak`,
      secret: API_SECRET,
      publicKey: API_KEY,
      widgetUrl: `${dev.url}/transak`,
    })
    await repository.updateProject(demoProject.id, { features: { onramp: { isEnabled: true, config: [] } } })
  }, 60_000)
  afterAll(async () => {
    await repository?.onramp.setProvider(demoProject.id, 'transak', undefined)
    await dev?.close()
    await close?.()
  })

  const get = (path: string, query: Record<string, string> = {}) =>
    fetch(`${base}${path}?${new URLSearchParams({ projectId: demoProject.id, ...query })}`)

  it('when a visitor buys through Transak, then the widget URL comes from its API and its JWT webhooks complete the purchase once', async () => {
    expect(await (await get('/onramp/v1/quotes', order)).json()).toEqual({
      quotes: [
        {
          provider: 'transak',
          purchaseAmount: { amount: '0.049836', currency: 'ETH' },
          paymentAmount: { amount: '127.00', currency: 'USD' },
          fees: { provider: '1.91', network: '0.50' },
        },
      ],
      errors: [],
    })
    const response = await fetch(`${base}/onramp/v1/sessions?projectId=${demoProject.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ provider: 'transak', address: buyer, ...order }),
    })
    expect(response.status).toBe(200)
    const { purchaseId, checkoutUrl } = (await response.json()) as { purchaseId: string; checkoutUrl: string }
    expect(checkoutUrl).not.toContain(API_SECRET)
    const opened = await fetch(checkoutUrl, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const sessionId = opened.headers.get('location')!.split('/').at(-1)!

    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: buyer })
    const hash = await dev.pay(sessionId)
    expect((await client.getBalance({ address: buyer })) - before).toBe(parseEther('0.049836'))
    const list = (await (
      await get('/onramp/v1/purchases', { address: buyer, chainId: 'eip155:1' })
    ).json()) as {
      data: { id: string; status: string; txHash: string }[]
    }
    expect(list.data.find((p) => p.id === purchaseId)).toMatchObject({ status: 'completed', txHash: hash })
    expect(dev.webhooks.map((w) => w.status)).toEqual([200, 200])
    const completed = dev.webhooks.at(-1)!.body
    const send = (body: string) =>
      fetch(`${base}${webhookPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    expect(await (await send(completed)).json()).toEqual({ received: true, result: 'duplicate' })
    // The same event signed with another token than the partner's: refused.
    const forged = await new SignJWT({
      eventID: 'ORDER_COMPLETED',
      webhookData: { id: 'x', partnerOrderId: purchaseId },
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-access-token-0123456789'))
    expect((await send(JSON.stringify({ data: forged }))).status).toBe(401)
  })
})
