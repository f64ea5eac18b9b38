import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, openRepository } from '@latch/server'
import { type AnvilInstance, type FakePriceSource, startAnvil, startFakePriceSource } from '@latch/testkit'
import { parseEther, parseGwei } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ApprovalView } from '../approval.js'
import { chooseLocale } from '../i18n.js'
import { prepare, priceTimeoutMs, readNativePrice } from './prepare.js'
import { approvalRows, titleKey } from './rows.js'

// What a transaction's screen says of money: the fee in the chain's coin (not gwei), in the
// visitor's language, and a warning, with no Approve, when the balance cannot pay value + fee.

const poor = '0x00000000000000000000000000000000000bad01'
const rich = '0x00000000000000000000000000000000000bad02'
const to = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'

let chain: AnvilInstance
const rpc = (method: string, params: unknown[]) =>
  fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  await rpc('anvil_setBalance', [rich, `0x${parseEther('1').toString(16)}`])
})
afterAll(() => chain?.stop())

const send = (from: string, value: bigint, extra: Partial<ApprovalView> = {}): ApprovalView =>
  ({
    kind: 'transaction',
    origin: 'https://app.example',
    dappName: undefined,
    from,
    to,
    value,
    data: undefined,
    chainId: 1n,
    nonce: 0,
    gas: 21_000n,
    maxFeePerGas: parseGwei('2'),
    maxPriorityFeePerGas: parseGwei('1'),
    ...extra,
  }) as ApprovalView
const row = (view: ApprovalView, label: string) => approvalRows(view).rows.find((r) => r[0] === label)?.[1]

/** The frame's language for one test (chooseLocale sets the document's lang and dir too). */
async function speak(locale: string) {
  ;(globalThis as { document?: unknown }).document = { documentElement: {} }
  await chooseLocale([locale])
}
afterEach(async () => {
  await speak('en')
  delete (globalThis as { document?: unknown }).document
})

describe('given a transaction of 0.01 ETH', () => {
  it('when the account has no ether, then the screen says the balance cannot pay value plus the maximum fee, and offers no Approve', async () => {
    const view = await prepare(send(poor, parseEther('0.01')), { 'eip155:1': chain.rpcUrl })
    const screen = approvalRows(view)
    expect(screen.cannotApprove).toBe(true)
    expect(screen.warnings[0]).toBe(
      'Your balance (0 ETH) cannot pay this transaction: it needs up to 0.010042 ETH, the value plus the maximum network fee. The network would refuse it, so it cannot be approved. Add funds to this account, then ask again.',
    )
  })

  it('when the balance pays the value but not the maximum fee on top, then it is refused as well', async () => {
    await rpc('anvil_setBalance', [poor, `0x${parseEther('0.01').toString(16)}`])
    const view = await prepare(send(poor, parseEther('0.01')), { 'eip155:1': chain.rpcUrl })
    expect(approvalRows(view).cannotApprove).toBe(true)
    // Exactly value + gas × max fee per gas is enough.
    const exact = parseEther('0.01') + 21_000n * parseGwei('2')
    await rpc('anvil_setBalance', [poor, `0x${exact.toString(16)}`])
    const paid = await prepare(send(poor, parseEther('0.01')), { 'eip155:1': chain.rpcUrl })
    expect(approvalRows(paid).cannotApprove).toBeUndefined()
  })

  it('when the account has 1 ETH, then there is no warning and Approve stays', async () => {
    const view = await prepare(send(rich, parseEther('0.01')), { 'eip155:1': chain.rpcUrl })
    expect(view).toMatchObject({ balance: parseEther('1') })
    expect(approvalRows(view)).toMatchObject({ warnings: [] })
    expect(approvalRows(view).cannotApprove).toBeUndefined()
  })

  it('when the balance cannot be read (no RPC, or one that does not answer), then the screen opens without the warning', async () => {
    const noRpc = await prepare(send(poor, parseEther('0.01')), {})
    expect(approvalRows(noRpc).cannotApprove).toBeUndefined()
    const dead = await prepare(send(poor, parseEther('0.01')), { 'eip155:1': 'http://127.0.0.1:9' })
    expect(approvalRows(dead).warnings).toEqual([])
  })
})

describe('given the network fee of a transaction', () => {
  it('then it is shown as at most gas limit × max fee per gas in the chain’s coin, not in gwei', () => {
    const view = send(rich, 0n)
    expect(row(view, 'Network fee')).toBe('≤ 0.000042 ETH')
    expect(approvalRows(view).rows.some((r) => r[1].includes('gwei'))).toBe(false)
    expect(row(send(rich, 0n, { chainId: 137n }), 'Network fee')).toBe('≤ 0.000042 POL')
  })

  it('then a fee with more digits is rounded up, never shown lower than it can be', () => {
    const view = send(rich, 0n, { gas: 21_001n, maxFeePerGas: 1_234_567_891n })
    // 21001 × 1.234567891 gwei = 0.000025927160679891 ETH.
    expect(row(view, 'Network fee')).toBe('≤ 0.00002593 ETH')
  })

  it('when the visitor reads German or Arabic, then the amounts use that language’s digits and separators', async () => {
    await speak('de')
    expect(row(send(rich, parseEther('1234.5')), 'Wert')).toBe('1.234,5 ETH')
    expect(row(send(rich, 0n), 'Netzwerkgebühr')).toBe('≤ 0,000042 ETH')
    await speak('ar')
    const fee = approvalRows(send(rich, 0n)).rows.find((r) => r[0] === 'رسوم الشبكة')?.[1]
    expect(fee).toBe(`≤ ${new Intl.NumberFormat('ar', { maximumSignificantDigits: 4 }).format(0.000042)} ETH`)
  })

  it('when the project has a price for the coin, then the fee carries its fiat value beside it', () => {
    const view = send(rich, 0n, { nativePrice: { currency: 'USD', perCoin: 3000 } })
    expect(row(view, 'Network fee')).toBe('≤ 0.000042 ETH (≤ $0.126)')
  })
})

describe('given each kind of request', () => {
  it('then the screen is titled by what is asked', () => {
    const base = { origin: 'https://app.example', dappName: undefined, from: rich }
    expect(titleKey({ ...base, kind: 'message', text: 'hi', hex: '0x6869' })).toBe('approve.title.message')
    expect(
      titleKey({
        ...base,
        kind: 'typedData',
        chainId: 1n,
        typedData: { domain: {}, types: {}, primaryType: 'A', message: {} },
      }),
    ).toBe('approve.title.typedData')
    expect(titleKey(send(rich, 0n))).toBe('approve.title.transaction')
  })
})

describe('given the wallet server’s price service, with a CoinGecko-shaped source set for the project', () => {
  let source: FakePriceSource
  let service: { base: string; projectId: string }
  let stop: () => Promise<void>
  beforeAll(async () => {
    source = await startFakePriceSource({ coins: { ethereum: 2500 } })
    const dir = await mkdtemp(join(tmpdir(), 'latch-frame-prices-'))
    const repository = await openRepository({ sqliteFile: join(dir, 'server.db') })
    await repository.createProject({ id: 'p', name: 'App', allowedOrigins: ['https://app.example'] })
    await repository.prices.setPriceSource('p', { source: 'coingecko', url: source.url, apiKey: null })
    const app = await createServer({
      repository,
      logger: false,
      rateLimit: false,
      embedded: { secretKey: 'a-32-character-test-secret-key-0123' },
      account: { prices: { timeoutMs: 5_000, cacheTtlMs: 0 } },
    })
    service = { base: await app.listen({ host: '127.0.0.1', port: 0 }), projectId: 'p' }
    stop = async () => {
      await app.close()
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)
  afterAll(async () => {
    await stop?.()
    await source?.close()
  })
  afterEach(() => {
    source.mode = 'ok'
  })

  it('when a transaction’s screen is prepared, then its fee shows the coin’s fiat value, at most', async () => {
    const view = await prepare(send(rich, 0n), { 'eip155:1': chain.rpcUrl }, service)
    expect(view.kind === 'transaction' && view.nativePrice).toEqual({ currency: 'USD', perCoin: 2500 })
    // 21 000 gas × 2 gwei = 0.000042 ETH, × 2 500 USD = 0.105 USD.
    expect(row(view, 'Network fee')).toBe('≤ 0.000042 ETH (≤ $0.105)')
  })

  it('when the price source fails, then the fee is shown in the coin alone', async () => {
    source.mode = 'down'
    const view = await prepare(send(rich, 0n), { 'eip155:1': chain.rpcUrl }, service)
    expect(row(view, 'Network fee')).toBe('≤ 0.000042 ETH')
  })

  it('when the project has no price source, then no fiat value', async () => {
    expect(await readNativePrice({ ...service, projectId: 'unknown' }, 1n)).toBeUndefined()
    const view = await prepare(
      send(rich, 0n),
      { 'eip155:1': chain.rpcUrl },
      { ...service, projectId: 'unknown' },
    )
    expect(row(view, 'Network fee')).toBe('≤ 0.000042 ETH')
  })

  it('when the price takes longer than the bound, then the screen does not wait for it', async () => {
    source.mode = 'slow'
    source.slowMs = 1_500
    const started = Date.now()
    expect(await readNativePrice(service, 1n, 300)).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(source.slowMs)
    expect(priceTimeoutMs).toBe(4_000)
  })
})
