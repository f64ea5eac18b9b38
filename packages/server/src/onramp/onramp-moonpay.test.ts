import {
  type AnvilInstance,
  type DevOnramp,
  signMoonpayWebhook,
  startAnvil,
  startDevOnramp,
  TEST_ACCOUNTS,
} from '@latch/testkit'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setOnrampProvider } from '../cli/onramp.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'

// The project's MoonPay keys; Dev Onramp speaks MoonPay's API and widget with them.
const PUBLISHABLE = 'pk_test_devonramp0123'
const SECRET_KEY = 'sk_test_devonramp0123456789'
const WEBHOOK_KEY = 'wk_test_devonramp0123456789'
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

describe.each(backends)('given on-ramp through MoonPay on %s', (backend) => {
  let base: string
  let close: () => Promise<void>
  let repository: Repository
  let dev: DevOnramp
  const buyer = TEST_ACCOUNTS[backend === 'sqlite' ? 1 : 2]!.address
  const webhookPath = `/onramp/v1/webhooks/moonpay/${demoProject.id}`
  beforeAll(async () => {
    const started = await startTestServer(backend, { onramp: { timeoutMs: 1_000, optionsCacheMs: 0 } })
    ;({ base, close, repository } = started)
    dev = await startDevOnramp({
      rpcUrl: chain.rpcUrl,
      funderKey: TEST_ACCOUNTS[6]!.privateKey,
      webhookUrl: `${base}/onramp/v1/webhooks/dev-onramp/${demoProject.id}`,
      secret: SECRET_KEY,
      moonpay: { publishableKey: PUBLISHABLE, webhookUrl: `${base}${webhookPath}`, webhookKey: WEBHOOK_KEY },
    })
    await setOnrampProvider(repository, undefined, {
      id: demoProject.id,
      provider: 'moonpay',
      apiUrl: `${dev.url}/moonpay`,
      secret: SECRET_KEY,
      publicKey: PUBLISHABLE,
      webhookSecret: WEBHOOK_KEY,
      widgetUrl: `${dev.url}/moonpay/buy`,
    })
    await repository.updateProject(demoProject.id, { features: { onramp: { isEnabled: true, config: [] } } })
  }, 60_000)
  afterAll(async () => {
    await repository?.onramp.setProvider(demoProject.id, 'moonpay', undefined)
    await dev?.close()
    await close?.()
  })

  const get = (path: string, query: Record<string, string> = {}) =>
    fetch(`${base}${path}?${new URLSearchParams({ projectId: demoProject.id, ...query })}`)
  const purchases = async () =>
    (
      (await (await get('/onramp/v1/purchases', { address: buyer, chainId: 'eip155:1' })).json()) as {
        data: { id: string; status: string; txHash: string | null; purchaseAmount: { amount: string } }[]
      }
    ).data

  it('when a visitor buys through MoonPay, then the quote comes back, the signed widget URL opens, and its signed webhooks complete the purchase once', async () => {
    expect(await (await get('/onramp/v1/quotes', order)).json()).toEqual({
      quotes: [
        {
          provider: 'moonpay',
          purchaseAmount: { amount: '0.049836', currency: 'ETH' },
          paymentAmount: { amount: '127.00', currency: 'USD' },
          fees: { provider: '1.91', network: '0.50' },
        },
      ],
      errors: [],
    })
    const response = await fetch(`${base}/onramp/v1/sessions?projectId=${demoProject.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'moonpay', address: buyer, ...order }),
    })
    expect(response.status).toBe(200)
    const { purchaseId, checkoutUrl } = (await response.json()) as { purchaseId: string; checkoutUrl: string }
    expect(checkoutUrl).not.toContain(SECRET_KEY)
    // The widget refuses the URL once anything in it changed (another wallet, here).
    const tampered = checkoutUrl.replace(buyer, TEST_ACCOUNTS[9]!.address)
    expect((await fetch(tampered, { redirect: 'manual' })).status).toBe(403)
    const opened = await fetch(checkoutUrl, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const sessionId = opened.headers.get('location')!.split('/').at(-1)!

    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: buyer })
    const hash = await dev.pay(sessionId)
    expect((await client.getBalance({ address: buyer })) - before).toBe(parseEther('0.049836'))
    expect((await purchases()).find((p) => p.id === purchaseId)).toMatchObject({
      status: 'completed',
      txHash: hash,
      purchaseAmount: { amount: '0.049836' },
    })
    expect(dev.webhooks.map((w) => w.status)).toEqual([200, 200])
    // Replayed: nothing changes. Signed with another key, or old: refused.
    const completed = dev.webhooks.at(-1)!.body
    const send = (signature: string) =>
      fetch(`${base}${webhookPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'moonpay-signature-v2': signature },
        body: completed,
      })
    expect(await (await send(signMoonpayWebhook(WEBHOOK_KEY, completed))).json()).toEqual({
      received: true,
      result: 'duplicate',
    })
    expect((await send(signMoonpayWebhook('wk_other_0123456789abcdef', completed))).status).toBe(401)
    const old = Math.floor(Date.now() / 1000) - 3600
    expect((await send(signMoonpayWebhook(WEBHOOK_KEY, completed, old))).status).toBe(401)
  })
})
