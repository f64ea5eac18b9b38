import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  cdpJwt,
  coinbaseCheckoutUrl,
  coinbaseOptions,
  coinbaseQuote,
  coinbaseQuoteRequest,
  coinbaseTokenRequest,
  signCoinbaseWebhook,
  verifyCoinbaseWebhook,
} from './coinbase.js'
import {
  moonpayCurrencies,
  moonpayQuote,
  moonpayQuoteQuery,
  moonpaySignedUrl,
  signMoonpayWebhook,
  verifyMoonpayWebhook,
} from './moonpay.js'
import type { SessionRequest } from './provider.js'
import {
  transakCryptoCurrencies,
  transakFiatCurrencies,
  transakQuote,
  transakQuoteQuery,
  transakWidgetRequest,
  verifyTransakWebhook,
} from './transak.js'

// The shapes each provider documents (see fixtures/README.md for each file's page).
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'))
const text = (name: string) => JSON.stringify(fixture(name))
const now = Math.floor(Date.now() / 1000)
const wallet = '0x1234567890abcdef1234567890abcdef12345678'
const session = (order: Partial<SessionRequest>): SessionRequest => ({
  purchaseCurrency: 'ETH',
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  amount: '127.00',
  network: 'eip155:1',
  walletAddress: wallet,
  partnerRef: 'pur_0123456789abcdef',
  clientIp: '192.0.2.1',
  origin: 'https://app.example.com',
  ...order,
})

describe('given Coinbase Onramp’s documented API shapes', () => {
  it('when its buy options are read, then only spec §9 networks stay, with the card and bank limits', () => {
    expect(coinbaseOptions(fixture('coinbase/buy-options'))).toEqual({
      purchaseCurrencies: [
        {
          id: 'USDC',
          name: 'USDC',
          symbol: 'USDC',
          networks: [
            {
              name: 'ethereum',
              display_name: 'Ethereum',
              chain_id: 'eip155:1',
              contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
            },
            {
              name: 'base',
              display_name: 'Base',
              chain_id: 'eip155:8453',
              contract_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
            },
          ],
        },
      ],
      paymentCurrencies: [
        {
          id: 'USD',
          payment_method_limits: [
            { id: 'card', min: '2.00', max: '7500.00' },
            { id: 'ach_bank_account', min: '2.00', max: '25000.00' },
          ],
        },
      ],
    })
  })

  it('when a quote and a session are asked for, then the requests are the documented ones; a network outside §9 falls back to ethereum', () => {
    const order = session({ purchaseCurrency: 'USDC', network: 'eip155:8453', amount: '100.00' })
    expect(coinbaseQuoteRequest(order, 'US')).toEqual(fixture('coinbase/buy-quote-request'))
    expect(coinbaseQuoteRequest({ ...order, network: 'eip155:31337' }, 'US').purchaseNetwork).toBe('ethereum')
    expect(coinbaseQuote(fixture('coinbase/buy-quote-response'), order)).toEqual({
      purchaseAmount: { amount: '97.51', currency: 'USDC' },
      paymentAmount: { amount: '100.00', currency: 'USD' },
      fees: { provider: '2.49', network: '0.00' },
    })
    expect(coinbaseTokenRequest(order)).toEqual(fixture('coinbase/token-request'))
    const url = new URL(coinbaseCheckoutUrl('https://pay.coinbase.com', 'tok_1', order))
    expect(url.origin + url.pathname).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      sessionToken: 'tok_1',
      defaultNetwork: 'base',
      presetFiatAmount: '100.00',
      partnerUserRef: 'pur_0123456789abcdef',
    })
    // The wallet address is in the session token, not in the page's URL.
    expect(url.toString()).not.toContain(wallet)
  })

  it('when the server calls the API, then its bearer is a two-minute CDP JWT for that method and path, signed with the key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const pem = privateKey.export({ type: 'sec1', format: 'pem' }).toString()
    const url = new URL('https://api.developer.coinbase.com/onramp/v1/token')
    const jwt = await cdpJwt('organizations/o/apiKeys/k', pem, 'POST', url)
    const { payload } = await jwtVerify(jwt, publicKey, {
      issuer: 'cdp',
      subject: 'organizations/o/apiKeys/k',
    })
    expect(payload.uri).toBe('POST api.developer.coinbase.com/onramp/v1/token')
    expect(payload.exp! - payload.nbf!).toBe(120)
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', kid: 'organizations/o/apiKeys/k' })
    expect(decodeProtectedHeader(jwt).nonce).toMatch(/^[0-9a-f]{32}$/)
  })

  it('when its webhook arrives signed over the named headers, then it is read once; changed, unsigned or old, it is refused', () => {
    const body = text('coinbase/webhook-success')
    const signed = {
      'content-type': 'application/json',
      'x-event-id': 'evt_1',
      'x-event-type': 'onramp.transaction.success',
    }
    const headers = {
      ...signed,
      'x-hook0-signature': signCoinbaseWebhook('whsec_0123456789abcdef', body, signed),
    }
    expect(verifyCoinbaseWebhook({ rawBody: body, headers }, 'whsec_0123456789abcdef', now)).toEqual({
      eventId: 'evt_1',
      sessionId: 'pur_0123456789abcdef',
      partnerRef: 'pur_0123456789abcdef',
      status: 'completed',
      txHash: '0xabcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890',
      purchaseAmount: { amount: '97.51', currency: '' },
    })
    const refused =
      (h: Record<string, string>, b = body, at = now) =>
      () =>
        verifyCoinbaseWebhook({ rawBody: b, headers: h }, 'whsec_0123456789abcdef', at)
    expect(refused({ ...headers, 'x-event-id': 'evt_2' })).toThrow('does not match')
    expect(refused(headers, body.replace('success', 'failed'))).toThrow('does not match')
    expect(refused({ ...signed })).toThrow('missing or malformed')
    expect(refused(headers, body, now + 3600)).toThrow('too old')
  })
})

describe('given MoonPay’s documented API shapes', () => {
  it('when its currencies are read, then ETH is on Ethereum and Base, USD has its buy limits, Bitcoin is left out', () => {
    const { options, codes } = moonpayCurrencies(fixture('moonpay/currencies'))
    expect(options.purchaseCurrencies.map((c) => [c.id, c.networks.map((n) => n.chain_id)])).toEqual([
      ['ETH', ['eip155:1', 'eip155:8453']],
    ])
    expect(options.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: [{ id: 'card', min: '20.00', max: '30000.00' }] },
    ])
    expect(codes.get('ETH\neip155:8453')).toBe('eth_base')
  })

  it('when a quote is asked for, then the query is the documented one and its fees come back', () => {
    const order = session({})
    expect(moonpayQuoteQuery(order, 'pk_test_1')).toEqual({
      apiKey: 'pk_test_1',
      baseCurrencyCode: 'usd',
      baseCurrencyAmount: '127.00',
      paymentMethod: 'credit_debit_card',
      areFeesIncluded: 'true',
    })
    expect(moonpayQuote(fixture('moonpay/buy-quote'), order)).toEqual({
      purchaseAmount: { amount: '0.04703', currency: 'ETH' },
      paymentAmount: { amount: '127.00', currency: 'USD' },
      fees: { provider: '4.99', network: '0.79' },
    })
  })

  it('when the checkout URL is made, then it ends with the base64 HMAC of its query under the secret key', async () => {
    const url = moonpaySignedUrl(
      'https://buy.moonpay.com',
      'pk_test_1',
      'sk_test_0123456789',
      'eth',
      session({}),
    )
    const [unsigned, signature] = url.split('&signature=')
    const { createHmac } = await import('node:crypto')
    const query = new URL(unsigned!).search
    expect(decodeURIComponent(signature!)).toBe(
      createHmac('sha256', 'sk_test_0123456789').update(query).digest('base64'),
    )
    expect(new URL(url).searchParams.get('externalTransactionId')).toBe('pur_0123456789abcdef')
  })

  it('when its webhook arrives with Moonpay-Signature-V2, then it is read; another key or an old one is refused', () => {
    const body = text('moonpay/webhook-completed')
    const headers = { 'moonpay-signature-v2': signMoonpayWebhook('wk_test_0123456789', body) }
    expect(verifyMoonpayWebhook({ rawBody: body, headers }, 'wk_test_0123456789', now)).toEqual({
      eventId: '354b1f46-480c-4307-9896-f4c81c1e1e17:completed',
      sessionId: 'pur_0123456789abcdef',
      partnerRef: 'pur_0123456789abcdef',
      status: 'completed',
      txHash: '0x8e1b7e7a0d3cb3c9f2b1f8d2a4e6c0b9a7f5e3d1c2b4a6f8e0d2c4b6a8f0e2d4',
      purchaseAmount: { amount: '0.04703', currency: '' },
    })
    expect(() => verifyMoonpayWebhook({ rawBody: body, headers }, 'wk_other_0123456789', now)).toThrow(
      'does not match',
    )
    const old = { 'moonpay-signature-v2': signMoonpayWebhook('wk_test_0123456789', body, now - 3600) }
    expect(() => verifyMoonpayWebhook({ rawBody: body, headers: old }, 'wk_test_0123456789', now)).toThrow(
      'too old',
    )
  })
})

describe('given Transak’s documented API shapes', () => {
  it('when its currencies are read, then ETH is on Ethereum, the card limits are USD’s, Bitcoin and Apple Pay are left out', () => {
    const { currencies, networks } = transakCryptoCurrencies(fixture('transak/crypto-currencies'))
    expect(currencies.map((c) => [c.id, c.networks.map((n) => [n.chain_id, n.contract_address])])).toEqual([
      ['ETH', [['eip155:1', '']]],
    ])
    expect(networks.get('eip155:1')).toBe('ethereum')
    expect(transakFiatCurrencies(fixture('transak/fiat-currencies'))).toEqual([
      { id: 'USD', payment_method_limits: [{ id: 'card', min: '30.00', max: '3000.00' }] },
    ])
  })

  it('when a price and a widget URL are asked for, then the requests are the documented ones', () => {
    const order = session({})
    expect(transakQuoteQuery(order, 'key-1', 'ethereum')).toEqual({
      partnerApiKey: 'key-1',
      fiatCurrency: 'USD',
      cryptoCurrency: 'ETH',
      isBuyOrSell: 'BUY',
      network: 'ethereum',
      paymentMethod: 'credit_debit_card',
      fiatAmount: '127.00',
    })
    expect(transakQuote(fixture('transak/price'), order)).toEqual({
      purchaseAmount: { amount: '0.04967', currency: 'ETH' },
      paymentAmount: { amount: '127.00', currency: 'USD' },
      fees: { provider: '3.80', network: '1.23' },
    })
    expect(transakWidgetRequest(order, 'key-1', 'ethereum')).toEqual({
      widgetParams: expect.objectContaining({
        apiKey: 'key-1',
        referrerDomain: 'app.example.com',
        walletAddress: wallet,
        partnerOrderId: 'pur_0123456789abcdef',
        disableWalletAddressForm: true,
      }),
    })
  })

  it('when its webhook arrives as a JWT under the access token, then it is read; under another token it is refused', async () => {
    const token = 'transak-access-token-0123456789abcdef'
    const data = await new SignJWT(fixture('transak/webhook-completed') as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(token))
    const body = JSON.stringify({ data })
    await expect(verifyTransakWebhook(body, token)).resolves.toEqual({
      eventId: '322dc79c-fad2-4df1-bf50-b292191fc953:COMPLETED',
      sessionId: 'pur_0123456789abcdef',
      partnerRef: 'pur_0123456789abcdef',
      status: 'completed',
      txHash: '0x3c3b1e3e7f6d5c4b3a29181716151413121110f0e0d0c0b0a090807060504030',
      purchaseAmount: { amount: '0.04967', currency: '' },
    })
    await expect(verifyTransakWebhook(body, 'another-token-0123456789abcdef')).rejects.toThrow(
      'does not match',
    )
    await expect(verifyTransakWebhook('{"data":1}', token)).rejects.toThrow('missing or malformed')
  })
})
