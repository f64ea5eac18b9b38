import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AggregatorRequest, QuoteRejectedError } from './aggregator.js'
import { quoteLifi } from './lifi.js'
import { NoRouteError, nativeTokenAddress } from './uniswap-v2.js'
import { quoteZeroEx } from './zero-ex.js'

// The documented answers (fixtures/README.md names their pages), served from loopback: no network.
// biome-ignore lint/suspicious/noExplicitAny: a fixture is a JSON document the cases edit field by field
type Json = Record<string, any>
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'))

interface Answer {
  status?: number
  body?: unknown
  /** Never answers (a provider that hangs). */
  hang?: boolean
}
let answer: Answer = {}
let seen: IncomingMessage | undefined
let server: Server
let apiUrl: string
beforeAll(async () => {
  server = createServer((request, response) => {
    seen = request
    if (answer.hang) return
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
    response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const serve = (next: Answer) => {
  answer = next
  seen = undefined
}
const query = () => new URL(seen?.url ?? '', apiUrl)

describe('given the 0x Swap API v2 (AllowanceHolder) as documented', () => {
  const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  const usdt = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
  const taker = '0x70a9f34f9b34c64957b9c401A97BFED35B95049e'
  const request = (): AggregatorRequest => ({
    apiUrl,
    apiKey: 'project-0x-key',
    chainId: 1,
    from: usdc,
    to: usdt,
    amount: 100_000_000n,
    taker,
    slippagePercent: 1,
    timeoutMs: 1_000,
  })

  it('when 100 USDC are sold for USDT, then the request carries the key, version and 1 % as 100 bps, and the quote maps amounts, spender and transaction', async () => {
    serve({ body: fixture('0x-allowance-holder-quote.json') })
    const quote = await quoteZeroEx(request())
    expect(query().pathname).toBe('/swap/allowance-holder/quote')
    expect(Object.fromEntries(query().searchParams)).toEqual({
      chainId: '1',
      sellToken: usdc,
      buyToken: usdt,
      sellAmount: '100000000',
      taker,
      slippageBps: '100',
    })
    expect(seen?.headers['0x-api-key']).toBe('project-0x-key')
    expect(seen?.headers['0x-version']).toBe('v2')
    expect(quote).toMatchObject({
      buyAmount: 100_037_537n,
      minBuyAmount: 99_037_162n,
      spender: '0x0000000000001fF3684f28c67538d4D072C22734',
      priceImpact: null,
      route: [usdc, usdt],
      transaction: {
        to: '0x0000000000001fF3684f28c67538d4D072C22734',
        value: 0n,
        gas: 288_079n,
        gasPrice: 4_837_860_000n,
      },
    })
    expect(quote.transaction.data.startsWith('0x2213bc0b')).toBe(true)
  })

  it('when 0x has no liquidity, then no route; when it names another token, amount or chain, then the quote is refused', async () => {
    serve({ body: fixture('0x-no-liquidity.json') })
    await expect(quoteZeroEx(request())).rejects.toThrow(NoRouteError)
    const cases: [string, (q: Json) => void, string][] = [
      ['other buy token', (q) => (q.buyToken = usdc), 'it buys another token than the one asked'],
      ['other sell token', (q) => (q.sellToken = usdt), 'it sells another token than the one asked'],
      ['other amount', (q) => (q.sellAmount = '1'), 'it sells another amount than the one asked'],
      ['other chain', (q) => (q.chainId = 8453), 'it is for chain 8453, not 1'],
      [
        'minimum past 1 %',
        (q) => (q.minBuyAmount = '98000000'),
        'its minimum is further below its amount out than the 1 % slippage tolerance',
      ],
      ['minimum above', (q) => (q.minBuyAmount = '200000000'), 'its minimum is above its amount out'],
      [
        'value with a token sold',
        (q) => (q.transaction.value = '1'),
        'its transaction pays 1 wei where 0 is sold',
      ],
      ['absurd gas', (q) => (q.transaction.gas = '90000000'), 'its gas limit 90000000 is not believable'],
      [
        'spender elsewhere',
        (q) => (q.issues.allowance.spender = taker),
        'its spender is not the contract its transaction calls',
      ],
      ['malformed', (q) => delete q.transaction, 'transaction is malformed'],
    ]
    for (const [what, change, message] of cases) {
      const body = fixture('0x-allowance-holder-quote.json')
      change(body)
      serve({ body })
      const error = await quoteZeroEx(request()).catch((e: Error) => e)
      expect({ what, error: error instanceof QuoteRejectedError, message: (error as Error).message }).toEqual(
        {
          what,
          error: true,
          message: expect.stringContaining(message),
        },
      )
    }
  })

  it('when ETH is sold, then the transaction must pay exactly the amount and no approval is asked', async () => {
    const body = fixture('0x-allowance-holder-quote.json')
    body.sellToken = nativeTokenAddress
    body.sellAmount = '100000000'
    body.issues.allowance = null
    body.transaction.value = '100000000'
    serve({ body })
    const quote = await quoteZeroEx({ ...request(), from: nativeTokenAddress })
    expect(quote.spender).toBeNull()
    expect(quote.transaction.value).toBe(100_000_000n)
    body.transaction.value = '0'
    serve({ body })
    await expect(quoteZeroEx({ ...request(), from: nativeTokenAddress })).rejects.toThrow(
      'its transaction pays 0 wei where 100000000 is sold',
    )
  })

  it('when 0x refuses the key, errors or hangs, then a clear error names what happened', async () => {
    serve({ status: 401, body: { name: 'UNAUTHORIZED', message: 'Invalid API key' } })
    await expect(quoteZeroEx(request())).rejects.toThrow("0x refused the project's API key (HTTP 401)")
    serve({ status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'oops' } })
    await expect(quoteZeroEx(request())).rejects.toThrow('0x answered HTTP 500')
    serve({ status: 400, body: { name: 'TOKEN_NOT_SUPPORTED', message: 'Token is not supported' } })
    await expect(quoteZeroEx(request())).rejects.toThrow(NoRouteError)
    serve({ status: 200, body: '<html>' })
    await expect(quoteZeroEx(request())).rejects.toThrow('a body that is not JSON')
    serve({ status: 200, body: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }) })
    await expect(quoteZeroEx(request())).rejects.toThrow('0x answered more than 256 KiB')
    serve({ hang: true })
    await expect(quoteZeroEx({ ...request(), timeoutMs: 200 })).rejects.toThrow(
      '0x did not answer within 200 ms',
    )
  })
})

describe('given LI.FI /v1/quote as documented (a same-chain swap on Gnosis)', () => {
  const miva = '0x63e62989D9EB2d37dfDB1F93A22f063635b07d51'
  const taker = '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0'
  const request = (): AggregatorRequest => ({
    apiUrl,
    apiKey: 'project-lifi-key',
    chainId: 100,
    from: nativeTokenAddress,
    to: miva,
    amount: 10n ** 18n,
    taker,
    slippagePercent: 1,
    timeoutMs: 1_000,
  })
  // The documented minimum is about 3 % under the amount out: within 1 % here, visibly.
  const withinSlippage = () => {
    const body = fixture('lifi-quote.json')
    body.estimate.toAmountMin = ((BigInt(body.estimate.toAmount) * 995n) / 1000n).toString()
    return body
  }

  it('when 1 xDai is sold for MIVA, then the request names one chain, the zero address for the native coin, 1 % as 0.01 and the key, and the quote maps the transaction request', async () => {
    serve({ body: withinSlippage() })
    const quote = await quoteLifi(request())
    expect(query().pathname).toBe('/v1/quote')
    expect(Object.fromEntries(query().searchParams)).toEqual({
      fromChain: '100',
      toChain: '100',
      fromToken: '0x0000000000000000000000000000000000000000',
      toToken: miva,
      fromAmount: '1000000000000000000',
      fromAddress: taker,
      toAddress: taker,
      slippage: '0.01',
    })
    expect(seen?.headers['x-lifi-api-key']).toBe('project-lifi-key')
    expect(quote).toMatchObject({
      buyAmount: 21_922_914_496_086_353_975n,
      spender: null,
      priceImpact: 1,
      transaction: {
        to: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
        value: 10n ** 18n,
        gas: 0x682e3n,
        gasPrice: 0x27c01c1727n,
      },
    })
  })

  it('when the documented minimum (3 % under) comes back, then it is refused at the 1 % tolerance', async () => {
    serve({ body: fixture('lifi-quote.json') })
    await expect(quoteLifi(request())).rejects.toThrow(
      "LI.FI's quote was refused: its minimum is further below its amount out than the 1 % slippage tolerance",
    )
  })

  it('when a token is sold, then its approval address is the spender', async () => {
    const body = withinSlippage()
    ;[body.action.fromToken, body.action.toToken] = [body.action.toToken, body.action.fromToken]
    body.transactionRequest.value = '0x0'
    serve({ body })
    const quote = await quoteLifi({ ...request(), from: miva, to: nativeTokenAddress })
    expect(quote.spender).toBe('0x1111111254fb6c44bAC0beD2854e76F90643097d')
  })

  it('when it answers for another chain, crosses chains, pays elsewhere or finds no route, then a clear error', async () => {
    const cases: [(q: Json) => void, string][] = [
      [(q) => (q.action.toChainId = 137), 'it crosses to another chain'],
      [(q) => (q.transactionRequest.chainId = 1), 'it crosses to another chain'],
      [
        (q) => {
          q.action.fromChainId = 1
          q.action.toChainId = 1
          q.transactionRequest.chainId = 1
        },
        'it is for chain 1, not 100',
      ],
      [(q) => (q.action.toAddress = miva), 'it sends from or to another address than the taker'],
      [(q) => (q.action.toToken.address = nativeTokenAddress), 'it buys another token than the one asked'],
      [(q) => (q.estimate.fromAmount = '5'), 'its amounts disagree'],
      [(q) => (q.transactionRequest.gasLimit = '0x5208'), 'its gas limit 21000 is not believable'],
    ]
    for (const [change, message] of cases) {
      const body = withinSlippage()
      change(body)
      serve({ body })
      await expect(quoteLifi(request())).rejects.toThrow(message)
    }
    serve({ status: 404, body: fixture('lifi-not-found.json') })
    await expect(quoteLifi(request())).rejects.toThrow(NoRouteError)
    serve({ hang: true })
    await expect(quoteLifi({ ...request(), timeoutMs: 200 })).rejects.toThrow(
      'LI.FI did not answer within 200 ms',
    )
  })
})
