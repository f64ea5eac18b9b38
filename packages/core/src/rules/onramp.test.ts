import { afterEach, describe, expect, it, vi } from 'vitest'
import { createOnrampSession, fetchOnrampQuotes } from '../actions/onramp.js'
import { defineCaipNetwork } from '../caip.js'
import { createLatch } from '../createLatch.js'
import { createMemoryStorage } from '../storage.js'
import {
  isRestrictedTimeZone,
  ONRAMP_DEFAULT_LIMITS,
  onrampAmountProblem,
  onrampCurrenciesOn,
  paymentMethodLimits,
  sortOnrampQuotes,
} from './onramp.js'

const card = { min: '10.00', max: '7500.00' }

describe('given a payment method’s limits', () => {
  it('when the amount is within them, then there is no problem', () => {
    expect(onrampAmountProblem('10', card)).toBeUndefined()
    expect(onrampAmountProblem('10.00', card)).toBeUndefined()
    expect(onrampAmountProblem('7500.00', card)).toBeUndefined()
  })
  it('when the amount is under the minimum or over the maximum, then it says which', () => {
    expect(onrampAmountProblem('9.99', card)).toBe('belowMinimum')
    expect(onrampAmountProblem('0', card)).toBe('belowMinimum')
    expect(onrampAmountProblem('7500.01', card)).toBe('aboveMaximum')
    expect(onrampAmountProblem('25000', { min: '10.00', max: '25000.00' })).toBeUndefined()
  })
  it('when the text is not an amount with at most two decimals, then it is invalid', () => {
    for (const typed of ['', 'abc', '1.234', '-5', '1e3', '10,00', ' 10'])
      expect(onrampAmountProblem(typed, card)).toBe('invalid')
  })
  it('when a payment currency lists no methods, then the spec’s default limits apply', () => {
    expect(paymentMethodLimits({ id: 'USD', payment_method_limits: [] })).toEqual(ONRAMP_DEFAULT_LIMITS)
    expect(ONRAMP_DEFAULT_LIMITS).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
  })
})

describe('given the visitor’s time zone', () => {
  it('when it is in mainland China, Hong Kong or Macau, then on-ramp is restricted', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau', 'PRC'])
      expect(isRestrictedTimeZone(zone)).toBe(true)
  })
  it('when it is elsewhere or unknown, then it is not', () => {
    for (const zone of ['Asia/Taipei', 'Asia/Tokyo', 'Europe/Paris', 'UTC', undefined])
      expect(isRestrictedTimeZone(zone)).toBe(false)
  })
})

describe('given the providers’ answers', () => {
  const quote = (provider: string, amount: string) => ({
    provider,
    purchaseAmount: { amount, currency: 'ETH' },
    paymentAmount: { amount: '100.00', currency: 'USD' },
    fees: { provider: '1.50', network: '0.50' },
  })
  it('when several quotes come back, then the one that buys the most is first', () => {
    expect(
      sortOnrampQuotes([quote('a', '0.039'), quote('b', '0.0392'), quote('c', '0.01')]).map(
        (q) => q.provider,
      ),
    ).toEqual(['b', 'a', 'c'])
  })
  it('when currencies are listed, then only those sold on the network are offered there', () => {
    const eth = {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'base', display_name: 'Base', chain_id: 'eip155:8453', contract_address: '' }],
    }
    const sol = {
      id: 'SOL',
      name: 'Solana',
      symbol: 'SOL',
      networks: [
        {
          name: 'solana',
          display_name: 'Solana',
          chain_id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          contract_address: '',
        },
      ],
    }
    const options = { purchaseCurrencies: [eth, sol], paymentCurrencies: [] }
    expect(onrampCurrenciesOn(options, 'eip155:8453')).toEqual([eth])
    expect(onrampCurrenciesOn(options, 'eip155:1')).toEqual([])
  })
})

describe('given an instance with the app’s server', () => {
  const mainnet = defineCaipNetwork({
    id: 1,
    chainNamespace: 'eip155',
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  })
  const latch = () =>
    createLatch({
      networks: [mainnet],
      storage: createMemoryStorage(),
      projectId: 'p',
      apiUrl: 'http://api.test',
    })
  const order = {
    purchaseCurrency: 'ETH',
    paymentCurrency: 'USD',
    paymentMethod: 'card',
    amount: '100',
    network: 'eip155:1',
  }
  afterEach(() => vi.unstubAllGlobals())
  const answer = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      ),
    )

  it('when the quote request fails, then the server’s message is kept and the quote is null (spec §8)', async () => {
    answer(400, { error: 'amount_below_minimum', message: 'The minimum is 10.00 USD' })
    expect(await fetchOnrampQuotes(latch(), order)).toEqual({
      quotes: null,
      errors: [],
      message: 'The minimum is 10.00 USD',
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    expect(await fetchOnrampQuotes(latch(), order)).toMatchObject({
      quotes: null,
      message: 'Quote unavailable',
    })
  })
  it('when every provider failed, then their first error is the message and the quote is null', async () => {
    answer(200, {
      quotes: [],
      errors: [
        { provider: 'dev-onramp', error: 'provider_unavailable', message: 'The provider is unavailable' },
      ],
    })
    expect(await fetchOnrampQuotes(latch(), order)).toMatchObject({
      quotes: null,
      message: 'The provider is unavailable',
    })
  })
  it('when the server gives a checkout URL that is not a web page, then the session is refused', async () => {
    answer(200, { purchaseId: 'p1', provider: 'dev-onramp', checkoutUrl: 'javascript:alert(1)' })
    await expect(
      createOnrampSession(latch(), { ...order, provider: 'dev-onramp', address: '0x' }),
    ).rejects.toThrow()
    answer(200, { purchaseId: 'p1', provider: 'dev-onramp', checkoutUrl: 'https://pay.example/cs_1' })
    await expect(
      createOnrampSession(latch(), { ...order, provider: 'dev-onramp', address: '0x' }),
    ).resolves.toMatchObject({
      checkoutUrl: 'https://pay.example/cs_1',
    })
  })
})
