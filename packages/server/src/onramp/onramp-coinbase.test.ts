import { generateKeyPairSync } from 'node:crypto'
import {
  type AnvilInstance,
  type DevOnramp,
  signCoinbaseWebhook,
  startAnvil,
  startDevOnramp,
  TEST_ACCOUNTS,
} from '@latch/testkit'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setOnrampProvider } from '../cli/onramp.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'

// The project's CDP Secret API key (an EC key, as the CDP portal gives it) and webhook secret.
const KEY_ID = 'organizations/dev/apiKeys/onramp-test'
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const KEY_PEM = privateKey.export({ type: 'sec1', format: 'pem' }).toString()
const WEBHOOK_SECRET = 'cb-webhook-secret-0123456789'
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

describe.each(backends)('given on-ramp through Coinbase on %s', (backend) => {
  let base: string
  let close: () => Promise<void>
  let repository: Repository
  let dev: DevOnramp
  const buyer = TEST_ACCOUNTS[backend === 'sqlite' ? 7 : 8]!.address
  const webhookPath = `/onramp/v1/webhooks/coinbase/${demoProject.id}`
  beforeAll(async () => {
    const started = await startTestServer(backend, { onramp: { timeoutMs: 1_000, optionsCacheMs: 0 } })
    ;({ base, close, repository } = started)
    dev = await startDevOnramp({
      rpcUrl: chain.rpcUrl,
      funderKey: TEST_ACCOUNTS[5]!.privateKey,
      webhookUrl: `${base}/onramp/v1/webhooks/dev-onramp/${demoProject.id}`,
      secret: 'unused-dev-onramp-secret-0123',
      coinbase: {
        keyId: KEY_ID,
        publicKey,
        webhookUrl: `${base}${webhookPath}`,
        webhookSecret: WEBHOOK_SECRET,
      },
    })
    await setOnrampProvider(repository, undefined, {
      id: demoProject.id,
      provider: 'coinbase',
      apiUrl: `${dev.url}/coinbase`,
      secret: KEY_PEM,
      keyId: KEY_ID,
      webhookSecret: WEBHOOK_SECRET,
      widgetUrl: `${dev.url}/coinbase`,
    })
    await repository.updateProject(demoProject.id, { features: { onramp: { isEnabled: true, config: [] } } })
  }, 60_000)
  afterAll(async () => {
    await repository?.onramp.setProvider(demoProject.id, 'coinbase', undefined)
    await dev?.close()
    await close?.()
  })

  const get = (path: string, query: Record<string, string> = {}) =>
    fetch(`${base}${path}?${new URLSearchParams({ projectId: demoProject.id, ...query })}`)

  it('when a visitor buys through Coinbase, then the JWT-signed calls quote and open a session, and its signed webhooks complete the purchase once', async () => {
    expect(await (await get('/onramp/v1/quotes', order)).json()).toEqual({
      quotes: [
        {
          provider: 'coinbase',
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
      body: JSON.stringify({ provider: 'coinbase', address: buyer, ...order }),
    })
    expect(response.status).toBe(200)
    const { purchaseId, checkoutUrl } = (await response.json()) as { purchaseId: string; checkoutUrl: string }
    // The wallet is in the session token, not in the page's URL; the token opens one checkout.
    expect(checkoutUrl).not.toContain(buyer)
    const opened = await fetch(checkoutUrl, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    expect((await fetch(checkoutUrl, { redirect: 'manual' })).status).toBe(403)
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
    // The completed transaction sent again (a new delivery id): nothing more is credited; signed
    // with another secret it is refused.
    const completed = dev.webhooks.at(-1)!.body
    const headers = {
      'content-type': 'application/json',
      'x-event-id': 'evt-replay',
      'x-event-type': 'onramp.transaction.success',
    }
    const send = (secret: string) =>
      fetch(`${base}${webhookPath}`, {
        method: 'POST',
        headers: { ...headers, 'x-hook0-signature': signCoinbaseWebhook(secret, completed, headers) },
        body: completed,
      })
    expect((await send('another-secret-0123456789')).status).toBe(401)
    expect(await (await send(WEBHOOK_SECRET)).json()).toEqual({ received: true, result: 'ignored' })
    expect(await (await send(WEBHOOK_SECRET)).json()).toEqual({ received: true, result: 'duplicate' })
    const after = (await (
      await get('/onramp/v1/purchases', { address: buyer, chainId: 'eip155:1' })
    ).json()) as {
      data: { id: string; status: string }[]
    }
    expect(after.data.filter((p) => p.status === 'completed')).toHaveLength(1)
  })
})
