import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  meldBestQuote,
  meldCurrencies,
  meldLimits,
  meldQuoteRequest,
  meldSession,
  meldSessionRequest,
  meldTransaction,
  signMeldWebhook,
  verifyMeldWebhook,
} from './meld.js'

// The shapes Meld documents (see fixtures/README.md for each file's page).
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/meld/${name}.json`, import.meta.url), 'utf8'))

const order = {
  purchaseCurrency: 'ETH',
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  amount: '127.00',
  network: 'eip155:1',
}
const wallet = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

describe('given Meld’s documented API shapes', () => {
  it('when its currency list is read, then each symbol has its networks as CAIP-2 ids, and Bitcoin is left out', () => {
    const { currencies, codes } = meldCurrencies(fixture('crypto-currencies'))
    expect(currencies.map((c) => [c.id, c.networks.map((n) => n.chain_id)])).toEqual([
      ['ETH', ['eip155:1']],
      ['USDC', ['eip155:8453']],
      ['SOL', ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']],
    ])
    expect(currencies[1]?.networks[0]?.contract_address).toBe('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')
    expect(codes.get('USDC\neip155:8453')).toBe('USDC_BASE')
  })

  it('when its purchase limits are read, then they are the card limits per currency, two places', () => {
    expect(meldLimits(fixture('fiat-currency-purchases'))).toEqual([
      { id: 'USD', payment_method_limits: [{ id: 'card', min: '20.00', max: '10000.00' }] },
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '15.50', max: '9000.00' }] },
    ])
    expect(() => meldLimits([{ currencyCode: 'USD', minimumAmount: -1, maximumAmount: 5 }])).toThrow(
      "The provider's limits is malformed",
    )
  })

  it('when a quote is asked for, then the request is the documented one, and the best of its quotes comes back with its fees', () => {
    expect(meldQuoteRequest(order, 'ETH', 'US')).toEqual(fixture('quote-request'))
    expect(meldBestQuote(fixture('quote-response'), order)).toEqual({
      serviceProvider: 'TRANSAK',
      quote: {
        purchaseAmount: { amount: '0.04906', currency: 'ETH' },
        paymentAmount: { amount: '127.00', currency: 'USD' },
        fees: { provider: '3.92', network: '0.42' },
      },
    })
  })

  it('when Meld has no quote or answers nonsense, then that is a clear refusal or a malformed answer', () => {
    expect(() => meldBestQuote({ quotes: [], message: 'No service provider supports this' }, order)).toThrow(
      'No service provider supports this',
    )
    expect(() =>
      meldBestQuote(
        { quotes: [{ serviceProvider: 'X', destinationAmount: 'lots', sourceAmount: 1, totalFee: 1 }] },
        order,
      ),
    ).toThrow("The provider's quote is malformed")
  })

  it('when a checkout is created, then the widget-session request is the documented one and its URL comes back', () => {
    const request = meldSessionRequest(
      {
        ...order,
        walletAddress: wallet,
        partnerRef: 'pur_0123456789abcdef',
        clientIp: '127.0.0.1',
        origin: undefined,
      },
      'ETH',
      'US',
      'TRANSAK',
    )
    expect(request).toEqual(fixture('widget-session-request'))
    expect(meldSession(fixture('widget-session-response'))).toEqual({
      id: 'WePzm7gRdUgis7VHQjMYYL',
      checkoutUrl: expect.stringMatching(/^https:\/\/meldcrypto\.com\/\?token=/),
    })
    expect(() => meldSession({ id: 'x', widgetUrl: 'javascript:alert(1)' })).toThrow()
  })

  it('when the documented signature example is checked, then it verifies, and its test ping is about no purchase', async () => {
    const vector = fixture('webhook-test-vector') as {
      secret: string
      url: string
      headers: Record<string, string>
      body: string
    }
    const signedAt = Date.parse(vector.headers['meld-signature-timestamp']!) / 1000
    const request = { rawBody: vector.body, headers: vector.headers, url: vector.url }
    await expect(verifyMeldWebhook(request, vector.secret, signedAt + 10)).resolves.toBeNull()
    // The same request sent to another URL, with another secret, or much later: refused.
    await expect(
      verifyMeldWebhook({ ...request, url: 'https://example.meld.io/other' }, vector.secret, signedAt),
    ).rejects.toThrow('does not match')
    await expect(verifyMeldWebhook(request, 'another-secret-0123456789', signedAt)).rejects.toThrow(
      'does not match',
    )
    await expect(verifyMeldWebhook(request, vector.secret, signedAt + 3600)).rejects.toThrow('too old')
  })

  it('when a completed transaction’s webhook arrives, then the transaction is read back for its hash and amount', async () => {
    const body = JSON.stringify(fixture('webhook-complete'))
    const timestamp = new Date().toISOString()
    const url = 'https://api.example.com/onramp/v1/webhooks/meld/demo'
    const headers = {
      'meld-signature-timestamp': timestamp,
      'meld-signature': signMeldWebhook('whsec-0123456789abcdef', timestamp, url, body),
    }
    const looked: string[] = []
    const event = await verifyMeldWebhook(
      { rawBody: body, headers, url },
      'whsec-0123456789abcdef',
      Math.floor(Date.now() / 1000),
      async (id) => {
        looked.push(id)
        return meldTransaction(fixture('transaction-response'))
      },
    )
    expect(looked).toEqual(['W9kNggNMASvX8NVK8LFCWg'])
    expect(event).toEqual({
      eventId: '4cpRbNMyteKPzivtZ2RT4o',
      sessionId: 'WePzm7gRdUgis7VHQjMYYL',
      partnerRef: 'pur_0123456789abcdef',
      status: 'completed',
      txHash: '0x5e2d1c6e6c3a6c9b3c8d2b7f5f3a0f1e2d3c4b5a69788796a5b4c3d2e1f00112',
      purchaseAmount: { amount: '0.04906', currency: '' },
    })
  })
})
