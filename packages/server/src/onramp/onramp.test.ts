import {
  type AnvilInstance,
  type DevOnramp,
  signDevOnrampWebhook,
  startAnvil,
  startDevOnramp,
  TEST_ACCOUNTS,
} from '@latch/testkit'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setOnrampProvider } from '../cli/onramp.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'

const SECRET = 'dev-onramp-test-secret-0123456789'
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

describe.each(backends)('given on-ramp through Dev Onramp on %s', (backend) => {
  let base: string
  let close: () => Promise<void>
  let repository: Repository
  let dev: DevOnramp
  const buyer = TEST_ACCOUNTS[backend === 'sqlite' ? 5 : 6]!.address
  const webhookPath = `/onramp/v1/webhooks/dev-onramp/${demoProject.id}`
  beforeAll(async () => {
    const started = await startTestServer(backend, { onramp: { timeoutMs: 1_000, optionsCacheMs: 0 } })
    ;({ base, close, repository } = started)
    dev = await startDevOnramp({
      rpcUrl: chain.rpcUrl,
      funderKey: TEST_ACCOUNTS[9]!.privateKey,
      webhookUrl: `${base}${webhookPath}`,
      secret: SECRET,
    })
    await setOnrampProvider(repository, undefined, {
      id: demoProject.id,
      provider: 'dev-onramp',
      apiUrl: dev.url,
      secret: SECRET,
    })
    await repository.updateProject(demoProject.id, { features: { onramp: { isEnabled: true, config: [] } } })
  }, 60_000)
  afterAll(async () => {
    await dev?.close()
    await close?.()
  })
  beforeEach(() => {
    dev.mode = 'ok'
  })

  const get = (path: string, query: Record<string, string> = {}) =>
    fetch(`${base}${path}?${new URLSearchParams({ projectId: demoProject.id, ...query })}`)
  const createSession = (body: Record<string, string>) =>
    fetch(`${base}/onramp/v1/sessions?projectId=${demoProject.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'dev-onramp', address: buyer, ...order, ...body }),
    })
  const webhook = (body: string, signature = signDevOnrampWebhook(SECRET, body)) =>
    fetch(`${base}${webhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'dev-onramp-signature': signature },
      body,
    })
  const purchases = async () =>
    (
      (await (await get('/onramp/v1/purchases', { address: buyer, chainId: 'eip155:1' })).json()) as {
        data: { id: string; status: string; txHash: string | null; purchaseAmount: { amount: string } }[]
      }
    ).data

  it('when the operator set the provider, then its secret is stored sealed, not in the clear', async () => {
    const [row] = await repository.onramp.listProviders(demoProject.id)
    expect(row).toMatchObject({ provider: 'dev-onramp', apiUrl: `${dev.url}/` })
    expect(row?.sealedSecret).not.toContain(SECRET)
    await expect(
      setOnrampProvider(repository, undefined, {
        id: demoProject.id,
        provider: 'paypal',
        apiUrl: dev.url,
        secret: SECRET,
      }),
    ).rejects.toThrow(
      'Unknown on-ramp provider "paypal": use one of coinbase, meld, moonpay, transak, dev-onramp',
    )
    await expect(
      setOnrampProvider(repository, undefined, {
        id: demoProject.id,
        provider: 'dev-onramp',
        apiUrl: 'http://onramp.example.com',
        secret: SECRET,
      }),
    ).rejects.toThrow('--api-url must start with https://')
  })

  it('when the kit asks for options, then ETH on the chain and USD with the card and bank limits come back', async () => {
    const response = await get('/onramp/v1/options')
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      purchaseCurrencies: { id: string; networks: { chain_id: string }[] }[]
      paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
    }
    expect(body.purchaseCurrencies[0]).toMatchObject({ id: 'ETH', networks: [{ chain_id: 'eip155:1' }] })
    expect(body.paymentCurrencies.find((c) => c.id === 'USD')?.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
  })

  it('when the kit asks for a quote, then the provider’s quote comes back with its fees', async () => {
    const response = await get('/onramp/v1/quotes', order)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { quotes: unknown[]; errors: unknown[] }
    expect(body.errors).toEqual([])
    expect(body.quotes).toEqual([
      {
        provider: 'dev-onramp',
        purchaseAmount: { amount: '0.049836', currency: 'ETH' },
        paymentAmount: { amount: '127.00', currency: 'USD' },
        fees: { provider: '1.91', network: '0.50' },
      },
    ])
  })

  it('when the amount is below the minimum or above the maximum, then the quote is refused with the limit', async () => {
    const below = await get('/onramp/v1/quotes', { ...order, amount: '9.99' })
    expect(below.status).toBe(400)
    expect(await below.json()).toEqual({ error: 'amount_below_minimum', message: 'The minimum is 10.00 USD' })
    const above = await get('/onramp/v1/quotes', { ...order, amount: '7500.01' })
    expect(await above.json()).toEqual({
      error: 'amount_above_maximum',
      message: 'The maximum is 7500.00 USD',
    })
    // The bank's own limit is higher.
    const bank = await get('/onramp/v1/quotes', {
      ...order,
      amount: '20000',
      paymentMethod: 'ach_bank_account',
    })
    expect(bank.status).toBe(200)
    const session = await createSession({ amount: '5.00' })
    expect(session.status).toBe(400)
  })

  it('when the input is not what a quote takes, then it is refused before any provider call', async () => {
    for (const bad of [
      { amount: '10.001' },
      { amount: '-5' },
      { network: 'cosmos:cosmoshub-4' },
      { paymentCurrency: 'usd' },
      { purchaseCurrency: '<script>' },
    ]) {
      const response = await get('/onramp/v1/quotes', { ...order, ...bad })
      expect(response.status, JSON.stringify(bad)).toBe(400)
    }
  })

  it('when the provider is down, slow or answers garbage, then its error comes back and the server stays up', async () => {
    for (const mode of ['down', 'slow', 'garbage'] as const) {
      dev.mode = mode
      const response = await get('/onramp/v1/quotes', order)
      expect(response.status, mode).toBe(502)
      expect(await response.json()).toEqual({
        error: 'onramp_unavailable',
        message: 'No on-ramp provider answers',
      })
    }
    dev.mode = 'ok'
    expect((await get('/onramp/v1/quotes', order)).status).toBe(200)
  })

  it('when a session is created, then only the checkout URL comes back, and Pay delivers the ETH and completes the purchase once', async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: buyer })
    const response = await createSession({})
    expect(response.status).toBe(200)
    const body = (await response.json()) as { purchaseId: string; checkoutUrl: string; provider: string }
    expect(Object.keys(body).sort()).toEqual(['checkoutUrl', 'provider', 'purchaseId'])
    expect(JSON.stringify(body)).not.toContain(SECRET)
    expect(body.checkoutUrl).toMatch(new RegExp(`^${dev.url}/checkout/cs_`))
    expect((await purchases()).find((p) => p.id === body.purchaseId)?.status).toBe('pending')

    const sessionId = body.checkoutUrl.split('/').at(-1)!
    const hash = await dev.pay(sessionId)
    expect((await client.getBalance({ address: buyer })) - before).toBe(parseEther('0.049836'))
    const done = (await purchases()).find((p) => p.id === body.purchaseId)
    expect(done).toMatchObject({ status: 'completed', txHash: hash, purchaseAmount: { amount: '0.049836' } })
    expect(dev.webhooks.map((w) => w.status)).toEqual([200, 200])

    // The same completed event again (a provider retry or a replay): nothing changes.
    const completed = dev.webhooks.at(-1)!.body
    const replay = await webhook(completed)
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual({ received: true, result: 'duplicate' })
    // A late "pending" never takes a completed purchase back.
    const late = JSON.stringify({ ...JSON.parse(completed), id: 'evt_late', type: 'purchase.pending' })
    expect(await (await webhook(late)).json()).toEqual({ received: true, result: 'ignored' })
    expect((await purchases()).find((p) => p.id === body.purchaseId)?.status).toBe('completed')
  })

  it('when a webhook has a bad or old signature, names an unknown purchase, or is malformed, then it is refused and nothing is recorded', async () => {
    const session = (await (await createSession({})).json()) as { purchaseId: string; checkoutUrl: string }
    const event = {
      id: 'evt_forged',
      type: 'purchase.completed',
      data: {
        sessionId: session.checkoutUrl.split('/').at(-1),
        partnerRef: session.purchaseId,
        txHash: `0x${'ab'.repeat(32)}`,
      },
    }
    const body = JSON.stringify(event)
    expect((await webhook(body, signDevOnrampWebhook('another-secret-0123456789abc', body))).status).toBe(401)
    expect((await webhook(body, 't=1,v1=00')).status).toBe(401)
    const old = Math.floor(Date.now() / 1000) - 3600
    expect((await webhook(body, signDevOnrampWebhook(SECRET, body, old))).status).toBe(401)
    // Signed, but the body was changed after signing.
    const signature = signDevOnrampWebhook(SECRET, body)
    expect((await webhook(body.replace('completed', 'failed'), signature)).status).toBe(401)
    const unknown = JSON.stringify({
      ...event,
      id: 'evt_unknown',
      data: { ...event.data, partnerRef: 'nope' },
    })
    expect((await webhook(unknown)).status).toBe(404)
    const otherSession = JSON.stringify({
      ...event,
      id: 'evt_other',
      data: { ...event.data, sessionId: 'cs_other' },
    })
    expect((await webhook(otherSession)).status).toBe(404)
    const noHash = JSON.stringify({ ...event, id: 'evt_nohash', data: { ...event.data, txHash: undefined } })
    expect((await webhook(noHash)).status).toBe(400)
    const otherProject = await fetch(`${base}/onramp/v1/webhooks/dev-onramp/no-such-project`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'dev-onramp-signature': signDevOnrampWebhook(SECRET, body),
      },
      body,
    })
    expect(otherProject.status).toBe(404)
    expect((await purchases()).find((p) => p.id === session.purchaseId)).toMatchObject({
      status: 'pending',
      txHash: null,
    })
  })

  it('when the provider refuses or is down at session time, then no purchase is kept', async () => {
    const count = (await purchases()).length
    dev.mode = 'down'
    const response = await createSession({})
    expect(response.status).toBe(502)
    dev.mode = 'ok'
    expect(await purchases()).toHaveLength(count)
    const badAddress = await createSession({ address: '0x1234' })
    expect(badAddress.status).toBe(400)
  })

  it('when the project turns on-ramp off, then quotes and sessions are refused', async () => {
    await repository.updateProject(demoProject.id, { features: { onramp: { isEnabled: false, config: [] } } })
    try {
      expect((await get('/onramp/v1/quotes', order)).status).toBe(403)
      expect((await createSession({})).status).toBe(403)
    } finally {
      await repository.updateProject(demoProject.id, {
        features: { onramp: { isEnabled: true, config: [] } },
      })
    }
  })
})
