import {
  type AnvilInstance,
  type DevOnramp,
  signMeldWebhook,
  startAnvil,
  startDevOnramp,
  TEST_ACCOUNTS,
} from '@latch/testkit'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setOnrampProvider } from '../cli/onramp.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'

// Meld's API key and webhook secret for the project; Dev Onramp speaks Meld's API with them.
const API_KEY = 'meld-api-key-test-0123456789'
const WEBHOOK_SECRET = 'meld-webhook-secret-0123456789'
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

describe.each(backends)('given on-ramp through Meld on %s', (backend) => {
  let base: string
  let close: () => Promise<void>
  let repository: Repository
  let dev: DevOnramp
  const buyer = TEST_ACCOUNTS[backend === 'sqlite' ? 3 : 4]!.address
  const webhookPath = `/onramp/v1/webhooks/meld/${demoProject.id}`
  beforeAll(async () => {
    const started = await startTestServer(backend, { onramp: { timeoutMs: 1_000, optionsCacheMs: 0 } })
    ;({ base, close, repository } = started)
    dev = await startDevOnramp({
      rpcUrl: chain.rpcUrl,
      funderKey: TEST_ACCOUNTS[7]!.privateKey,
      webhookUrl: `${base}/onramp/v1/webhooks/dev-onramp/${demoProject.id}`,
      secret: API_KEY,
      meld: { webhookUrl: `${base}${webhookPath}`, webhookSecret: WEBHOOK_SECRET },
    })
    await setOnrampProvider(repository, undefined, {
      id: demoProject.id,
      provider: 'meld',
      apiUrl: `${dev.url}/meld`,
      secret: API_KEY,
      webhookSecret: WEBHOOK_SECRET,
    })
    await repository.updateProject(demoProject.id, { features: { onramp: { isEnabled: true, config: [] } } })
  }, 60_000)
  afterAll(async () => {
    await repository?.onramp.setProvider(demoProject.id, 'meld', undefined)
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
      body: JSON.stringify({ provider: 'meld', address: buyer, ...order, ...body }),
    })
  const webhook = (body: string, headers = signMeldWebhook(WEBHOOK_SECRET, `${base}${webhookPath}`, body)) =>
    fetch(`${base}${webhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })
  const purchases = async () =>
    (
      (await (await get('/onramp/v1/purchases', { address: buyer, chainId: 'eip155:1' })).json()) as {
        data: {
          id: string
          provider: string
          status: string
          txHash: string | null
          purchaseAmount: { amount: string }
        }[]
      }
    ).data

  it('when the operator sets Meld, then its webhook secret is required and both secrets are sealed', async () => {
    await expect(
      setOnrampProvider(repository, undefined, {
        id: demoProject.id,
        provider: 'meld',
        apiUrl: undefined,
        secret: API_KEY,
      }),
    ).rejects.toThrow('--webhook-secret is required for meld')
    const [row] = (await repository.onramp.listProviders(demoProject.id)).filter((r) => r.provider === 'meld')
    expect(row).toMatchObject({ apiUrl: `${dev.url}/meld` })
    expect(row?.sealedSecret).not.toContain(API_KEY)
    expect(row?.sealedSecret).not.toContain(WEBHOOK_SECRET)
  })

  it('when the operator sets Coinbase, MoonPay or Transak, then each one’s own keys are required, checked and sealed', async () => {
    const set = (provider: string, extra: Record<string, string>) =>
      setOnrampProvider(repository, undefined, {
        id: demoProject.id,
        provider,
        apiUrl: undefined,
        secret: 'provider-secret-0123456789',
        ...extra,
      })
    await expect(set('coinbase', { webhookSecret: 'cb-webhook-secret-0123' })).rejects.toThrow(
      '--key-id is required for coinbase',
    )
    await expect(set('moonpay', { webhookSecret: 'mp-webhook-secret-0123' })).rejects.toThrow(
      '--public-key is required for moonpay',
    )
    await expect(set('transak', { publicKey: 'tk-key', keyId: 'k1' })).rejects.toThrow(
      'transak takes no --key-id',
    )
    await expect(set('meld', { webhookSecret: 'meld-webhook-0123456789', country: 'usa' })).rejects.toThrow(
      '--country is a two-letter country code',
    )
    await expect(set('moonpay', { publicKey: 'pk_test_1', webhookSecret: 'short' })).rejects.toThrow(
      '--webhook-secret is 16 to 1000 characters',
    )
    try {
      expect(
        await set('moonpay', { publicKey: 'pk_test_1', webhookSecret: 'mp-webhook-secret-0123' }),
      ).toContain('on-ramp through https://api.moonpay.com')
      const row = (await repository.onramp.listProviders(demoProject.id)).find(
        (r) => r.provider === 'moonpay',
      )
      expect(row?.apiUrl).toBe('https://api.moonpay.com/')
      expect(row?.sealedSecret).not.toContain('provider-secret')
      expect(row?.sealedSecret).not.toContain('mp-webhook-secret')
    } finally {
      await repository.onramp.setProvider(demoProject.id, 'moonpay', undefined)
    }
  })

  it('when the kit asks for options and a quote, then Meld’s currencies, limits and best quote come back', async () => {
    const options = (await (await get('/onramp/v1/options')).json()) as {
      purchaseCurrencies: { id: string; networks: { chain_id: string }[] }[]
      paymentCurrencies: { id: string; payment_method_limits: unknown[] }[]
    }
    expect(options.purchaseCurrencies).toEqual([
      expect.objectContaining({ id: 'ETH', networks: [expect.objectContaining({ chain_id: 'eip155:1' })] }),
    ])
    expect(options.paymentCurrencies.find((c) => c.id === 'USD')?.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
    ])
    const response = await get('/onramp/v1/quotes', order)
    expect(await response.json()).toEqual({
      quotes: [
        {
          provider: 'meld',
          purchaseAmount: { amount: '0.049836', currency: 'ETH' },
          paymentAmount: { amount: '127.00', currency: 'USD' },
          fees: { provider: '1.91', network: '0.50' },
        },
      ],
      errors: [],
    })
  })

  it('when the amount is outside Meld’s limits, or Meld is down, slow or answers garbage, then a clear error comes back', async () => {
    expect(await (await get('/onramp/v1/quotes', { ...order, amount: '9.99' })).json()).toEqual({
      error: 'amount_below_minimum',
      message: 'The minimum is 10.00 USD',
    })
    expect(await (await get('/onramp/v1/quotes', { ...order, amount: '7500.01' })).json()).toEqual({
      error: 'amount_above_maximum',
      message: 'The maximum is 7500.00 USD',
    })
    expect((await createSession({ amount: '7600.00' })).status).toBe(400)
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
    const count = (await purchases()).length
    dev.mode = 'down'
    expect((await createSession({})).status).toBe(502)
    dev.mode = 'ok'
    expect(await purchases()).toHaveLength(count)
  })

  it('when a Meld session is paid, then its signed webhooks complete the purchase once with the delivery read back from Meld', async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: buyer })
    const response = await createSession({})
    expect(response.status).toBe(200)
    const body = (await response.json()) as { purchaseId: string; checkoutUrl: string; provider: string }
    expect(body.provider).toBe('meld')
    expect(JSON.stringify(body)).not.toContain(API_KEY)
    const sessionId = body.checkoutUrl.split('/').at(-1)!
    expect(dev.sessions.get(sessionId)).toMatchObject({ face: 'meld', partnerRef: body.purchaseId })
    expect((await purchases()).find((p) => p.id === body.purchaseId)?.status).toBe('pending')

    const hash = await dev.pay(sessionId)
    expect((await client.getBalance({ address: buyer })) - before).toBe(parseEther('0.049836'))
    expect((await purchases()).find((p) => p.id === body.purchaseId)).toMatchObject({
      provider: 'meld',
      status: 'completed',
      txHash: hash,
      purchaseAmount: { amount: '0.049836' },
    })
    expect(dev.webhooks.map((w) => w.status)).toEqual([200, 200])
    // Meld sends the completed event again: nothing changes.
    const completed = dev.webhooks.at(-1)!.body
    expect(await (await webhook(completed)).json()).toEqual({ received: true, result: 'duplicate' })
  })

  it('when a Meld webhook is forged, old, for another URL, for an unknown purchase, or a test ping, then nothing is recorded', async () => {
    const session = (await (await createSession({})).json()) as { purchaseId: string; checkoutUrl: string }
    const event = {
      eventType: 'TRANSACTION_CRYPTO_FAILED',
      eventId: 'evtForged1',
      timestamp: new Date().toISOString(),
      accountId: 'acc',
      payload: {
        paymentTransactionId: 'txForged1',
        externalSessionId: session.purchaseId,
        sessionId: session.checkoutUrl.split('/').at(-1),
        paymentTransactionStatus: 'FAILED',
      },
    }
    const body = JSON.stringify(event)
    const url = `${base}${webhookPath}`
    expect((await webhook(body, signMeldWebhook('another-secret-0123456789', url, body))).status).toBe(401)
    expect(
      (await webhook(body, signMeldWebhook(WEBHOOK_SECRET, 'https://elsewhere.example/hook', body))).status,
    ).toBe(401)
    const old = new Date(Date.now() - 3_600_000).toISOString()
    expect((await webhook(body, signMeldWebhook(WEBHOOK_SECRET, url, body, old))).status).toBe(401)
    expect((await webhook(body, {})).status).toBe(401)
    const unknown = JSON.stringify({
      ...event,
      eventId: 'evtUnknown',
      payload: { ...event.payload, externalSessionId: 'nope' },
    })
    expect((await webhook(unknown)).status).toBe(404)
    const ping = JSON.stringify({
      eventType: 'WEBHOOK_TEST',
      eventId: 'evtPing',
      payload: { requestId: 'r1' },
    })
    expect(await (await webhook(ping)).json()).toEqual({ received: true, result: 'ignored' })
    // A completed event whose transaction Meld does not know: refused, nothing recorded.
    const completed = JSON.stringify({
      ...event,
      eventId: 'evtNoTx',
      eventType: 'TRANSACTION_CRYPTO_COMPLETE',
    })
    expect((await webhook(completed)).status).toBe(503)
    expect((await purchases()).find((p) => p.id === session.purchaseId)).toMatchObject({
      status: 'pending',
      txHash: null,
    })
    // The genuine failure, signed: the purchase fails.
    expect(await (await webhook(body)).json()).toEqual({ received: true, result: 'applied' })
    expect((await purchases()).find((p) => p.id === session.purchaseId)?.status).toBe('failed')
  })
})
