import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type FakePriceSource, startFakePriceSource, TEST_TOKENS } from '@latch/testkit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { KeyEncryptionKey } from '../at-rest.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { maxPriceAssets, sealPriceApiKey } from './prices.js'

const ltt = TEST_TOKENS.erc20.address
const key = 'CG-test-key-1'
const secretKey = 'a-32-character-test-secret-key-0123'

describe.each(backends)('given the price service on %s and a CoinGecko-shaped source', (backend) => {
  let source: FakePriceSource
  let base: string
  let close: () => Promise<void>
  let setSource: (on: boolean, sealedWith?: string) => Promise<void>
  let repository: Repository
  beforeAll(async () => {
    source = await startFakePriceSource({
      apiKey: key,
      coins: { ethereum: 2512.5, binancecoin: 600 },
      tokens: { ethereum: { [ltt]: 1.25 }, base: { [ltt]: 1.5 } },
    })
    const started = await startTestServer(backend, {
      embedded: { secretKey },
      account: { prices: { timeoutMs: 1_000 } },
    })
    ;({ base, close, repository } = started)
    // As `project set-prices` stores it: the key sealed under the key-encryption key.
    setSource = (on, sealedWith = secretKey) =>
      started.repository.prices.setPriceSource(
        demoProject.id,
        on
          ? {
              source: 'coingecko',
              url: source.url,
              apiKey: sealPriceApiKey(new KeyEncryptionKey(sealedWith), demoProject.id, key),
            }
          : undefined,
      )
    await setSource(true)
  }, 60_000)
  afterAll(async () => {
    await close?.()
    await source?.close()
  })
  afterEach(() => {
    source.mode = 'ok'
  })

  const get = (chainId: string, assets: string) =>
    fetch(`${base}/account/v1/prices?${new URLSearchParams({ projectId: demoProject.id, chainId, assets })}`)

  it('when the kit asks for ETH and the test token, then their USD prices come back, and the key stays on the server', async () => {
    const response = await get('eip155:1', `native,${ltt.toLowerCase()}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({
      currency: 'USD',
      prices: [{ price: 2512.5 }, { address: `eip155:1:${ltt}`, price: 1.25 }],
    })
    expect(text).not.toContain(key)
    expect(source.requests.join('\n')).not.toContain(key)
  })

  it('when the same prices are asked again within the cache lifetime, then the source is not asked again', async () => {
    await get('eip155:8453', 'native')
    const before = source.requests.length
    const body = (await (await get('eip155:8453', `native,${ltt}`)).json()) as { prices: unknown[] }
    expect(body.prices).toEqual([{ price: 2512.5 }, { address: `eip155:8453:${ltt}`, price: 1.5 }])
    // Only the token was new: one request, for it alone.
    expect(source.requests.slice(before)).toEqual([
      `/simple/token_price/base?contract_addresses=${ltt}&vs_currencies=usd`,
    ])
  })

  it('when several pages ask for the same prices at once, then the source is asked once', async () => {
    source.mode = 'slow'
    source.slowMs = 100
    source.coins.celo = 0.5
    const before = source.requests.length
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('eip155:42220', 'native')))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(await answers[4]!.json()).toEqual({ currency: 'USD', prices: [{ price: 0.5 }] })
    expect(source.requests.length).toBe(before + 1)
    source.slowMs = 5_000
  })

  it('when the source has no price for a token or chain, then that one is left out, not made up', async () => {
    const unknown = '0x000000000000000000000000000000000000dEaD'
    expect(await (await get('eip155:1', unknown)).json()).toEqual({ currency: 'USD', prices: [] })
    // A local chain under its own id has no market price: the source is not asked at all.
    const before = source.requests.length
    expect(await (await get('eip155:31337', 'native')).json()).toEqual({ currency: 'USD', prices: [] })
    expect(source.requests.length).toBe(before)
  })

  it('when the source answers garbage, is down or too slow, then 502 "Prices Unavailable"', async () => {
    for (const [mode, chainId] of [
      ['garbage', 'eip155:56'],
      ['down', 'eip155:56'],
      ['slow', 'eip155:56'],
    ] as const) {
      source.mode = mode
      const started = Date.now()
      const response = await get(chainId, 'native')
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({ error: 'prices_unavailable', message: 'Prices Unavailable' })
      // The slow source is cut off at the server's timeout, not waited for.
      expect(Date.now() - started).toBeLessThan(4_000)
    }
  })

  it('when a price is not a number, then it is not shown', async () => {
    source.mode = 'not-a-number'
    expect(await (await get('eip155:137', 'native')).json()).toEqual({ currency: 'USD', prices: [] })
  })

  it('when too many or bad assets are asked, then 400 with a clear message and the source is not asked', async () => {
    const before = source.requests.length
    const many = Array.from(
      { length: maxPriceAssets + 1 },
      (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`,
    )
    const tooMany = await get('eip155:1', many.join(','))
    expect(tooMany.status).toBe(400)
    expect(await tooMany.json()).toEqual({
      error: 'too_many_assets',
      message: 'At most 50 assets per request',
    })
    const bad = await get('eip155:1', 'native,0x1234')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: 'invalid_asset',
      message: '"0x1234" is not native or a token of eip155:1',
    })
    expect((await get('eip155:1', 'native,,x')).status).toBe(400)
    expect(source.requests.length).toBe(before)
  })

  it('when the source answers more than a price document can be, then 502 without reading it all', async () => {
    // 300 KiB, chunked (no content-length to refuse it by).
    const huge = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"ethereum":{"usd":1},"pad":"')
      response.end(`${'a'.repeat(300 * 1024)}"}`)
    })
    await new Promise<void>((resolve) => huge.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(huge.address() as AddressInfo).port}`
    await repository.prices.setPriceSource(demoProject.id, { source: 'coingecko', url, apiKey: null })
    try {
      const response = await get('eip155:10', 'native')
      expect(response.status).toBe(502)
    } finally {
      huge.close()
      await setSource(true)
    }
  })

  it('when the stored key was sealed under another secret, then 502 and the source is not asked', async () => {
    await setSource(true, 'another-32-character-secret-key-98765')
    try {
      const before = source.requests.length
      expect((await get('eip155:43114', 'native')).status).toBe(502)
      expect(source.requests.length).toBe(before)
    } finally {
      await setSource(true)
    }
  })

  it('when the project has no price source, then the answer has no prices and no host is contacted', async () => {
    await setSource(false)
    try {
      const before = source.requests.length
      expect(await (await get('eip155:42161', 'native')).json()).toEqual({ currency: 'USD', prices: [] })
      expect(source.requests.length).toBe(before)
    } finally {
      await setSource(true)
    }
  })
})
