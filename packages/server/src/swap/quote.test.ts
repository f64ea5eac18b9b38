import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type AnvilInstance,
  type DevZeroEx,
  deployTestTokens,
  startAnvil,
  startDevZeroEx,
  TEST_ACCOUNTS,
  TEST_TOKENS,
} from '@latch/testkit'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSwapProvider } from '../cli/swaps.js'
import type { Repository } from '../storage/types.js'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { nativeTokenAddress, type SwapQuote } from './uniswap-v2.js'

// The local stack's DEX (Uniswap v2's own builds, development dependencies of the repository).
const localDex = join(dirname(fileURLToPath(import.meta.url)), '../../../../scripts/local-dex.mjs')
const ltt = TEST_TOKENS.erc20.address
let chain: AnvilInstance
let dex: { router: Address; weth: Address }
beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  await deployTestTokens(chain.rpcUrl)
  const module = (await import(localDex)) as {
    LOCAL_DEX: { router: Address; weth: Address }
    deployLocalDex: (rpcUrl: string, root: string) => Promise<void>
  }
  await module.deployLocalDex(chain.rpcUrl, join(dirname(localDex), '..'))
  dex = module.LOCAL_DEX
}, 60_000)
afterAll(() => chain?.stop())

const client = () => createPublicClient({ chain: mainnet, transport: http(chain.rpcUrl) })
const lttOf = (address: Address) =>
  client().readContract({ address: ltt, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const send = async (key: Hex, tx: { to: Address; data: Hex; value?: bigint }) => {
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: mainnet,
    transport: http(chain.rpcUrl),
  })
  // Half again the estimate, as wallets add. A swap here has reverted in CI that passed when
  // replayed on the block before it; a limit cut to an estimate made on another state is the
  // likely cause, and the failure's message now shows the limit beside the gas used.
  const gas = ((await client().estimateGas({ account: wallet.account, ...tx })) * 3n) / 2n
  const receipt = await client().waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ ...tx, gas }),
  })
  if (receipt.status === 'reverted') {
    // Why, for the failure's message: the same call on the state it was mined on.
    const why = await client()
      .call({ account: wallet.account, ...tx, blockNumber: receipt.blockNumber - 1n })
      .then(
        () => 'the call passes on the block before (something mined ahead of it in the same block?)',
        (error: Error) => error.message.split('\n').slice(0, 3).join(' '),
      )
    throw new Error(
      `${tx.data.slice(0, 10)} to ${tx.to} reverted (gas used ${receipt.gasUsed} of ${gas}): ${why}`,
    )
  }
}

describe.each(backends)('given swap quotes on %s and the local DEX (10 ETH / 25 000 LTT)', (backend) => {
  let base: string
  let close: () => Promise<void>
  let repository: Repository
  beforeAll(async () => {
    const started = await startTestServer(backend, { account: { rpcTimeoutMs: 2_000 } })
    ;({ base, close, repository } = started)
    await repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', chain.rpcUrl)
    await repository.siwx.setRpcUrl(demoProject.id, 'eip155:8453', 'http://127.0.0.1:9')
    await setSwapProvider(repository, demoProject.id, 'eip155:1', dex)
    await setSwapProvider(repository, demoProject.id, 'eip155:8453', dex)
  }, 60_000)
  afterAll(() => close?.())

  const quote = (query: Record<string, string>) =>
    fetch(
      `${base}/swap/v1/quote?${new URLSearchParams({ projectId: demoProject.id, chainId: 'eip155:1', ...query })}`,
    )

  it('when a taker sells 0.1 ETH for LTT, then the quote gives about 247 LTT, the minimum 1 % under it, a price impact near 1 %, and its transaction delivers at least the minimum', async () => {
    const taker = TEST_ACCOUNTS[backend === 'sqlite' ? 7 : 8]!
    const response = await quote({
      from: nativeTokenAddress,
      to: ltt,
      amount: parseEther('0.1').toString(),
      taker: taker.address,
    })
    const body = (await response.json()) as SwapQuote
    expect(response.status, JSON.stringify(body)).toBe(200)
    expect(body.from).toEqual({ address: nativeTokenAddress, symbol: 'ETH', decimals: 18 })
    expect(body.to).toEqual({ address: ltt, symbol: 'LTT', decimals: 6 })
    const out = BigInt(body.buyAmount)
    expect(Number(out) / 1e6).toBeGreaterThan(240)
    expect(Number(out) / 1e6).toBeLessThan(250)
    expect(BigInt(body.minBuyAmount)).toBe((out * 99n) / 100n)
    expect(body.slippage).toBe(1)
    expect(body.priceImpact).toBeGreaterThan(0.5)
    expect(body.priceImpact).toBeLessThan(1.5)
    expect(body.approval).toBeNull()
    expect(body.transaction.to).toBe(dex.router)
    expect(body.transaction.value).toBe(parseEther('0.1').toString())
    expect(Number(body.transaction.gas)).toBeGreaterThan(21_000)
    const before = await lttOf(taker.address)
    await send(taker.privateKey, {
      to: body.transaction.to,
      data: body.transaction.data,
      value: BigInt(body.transaction.value),
    })
    expect((await lttOf(taker.address)) - before).toBeGreaterThanOrEqual(BigInt(body.minBuyAmount))
  })

  it('when a taker sells LTT for ETH, then the quote names the router to approve with the allowance now, and after the approval its transaction pays out ETH', async () => {
    const taker = TEST_ACCOUNTS[backend === 'sqlite' ? 7 : 8]!
    // A small sale: the other backend's tests trade on the same pool too, and a sale of half the
    // taker's LTT there could move the price past this quote's slippage.
    const amount = (await lttOf(taker.address)) / 200n
    const first = (await (
      await quote({ from: ltt, to: nativeTokenAddress, amount: amount.toString(), taker: taker.address })
    ).json()) as SwapQuote
    expect(first.approval).toEqual({ spender: dex.router, allowance: '0' })
    expect(first.transaction.value).toBe('0')
    await send(taker.privateKey, {
      to: ltt,
      data: (await import('viem')).encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [dex.router, maxUint256],
      }),
    })
    const body = (await (
      await quote({ from: ltt, to: nativeTokenAddress, amount: amount.toString(), taker: taker.address })
    ).json()) as SwapQuote
    expect(body.approval).toEqual({ spender: dex.router, allowance: maxUint256.toString() })
    const before = await client().getBalance({ address: taker.address })
    await send(taker.privateKey, { to: body.transaction.to, data: body.transaction.data })
    // Gas is paid from the same balance: the gain is at least the minimum less a generous gas bound.
    expect((await client().getBalance({ address: taker.address })) - before).toBeGreaterThan(
      BigInt(body.minBuyAmount) - parseEther('0.01'),
    )
  })

  it('when the input is wrong or the pair has no pool, then a clear error and no transaction', async () => {
    const taker = TEST_ACCOUNTS[7]!.address
    const cases: [Record<string, string>, number, string][] = [
      [{ from: ltt, to: ltt, amount: '1', taker }, 400, 'same_token'],
      [{ from: ltt, to: nativeTokenAddress, amount: '0', taker }, 400, 'invalid_request'],
      [{ from: ltt, to: nativeTokenAddress, amount: '1e18', taker }, 400, 'invalid_request'],
      [{ from: ltt, to: nativeTokenAddress, amount: '9'.repeat(78), taker }, 400, 'invalid_amount'],
      [
        { from: ltt.toLowerCase().replace('b', 'B'), to: nativeTokenAddress, amount: '1', taker },
        400,
        'invalid_address',
      ],
      [
        { from: ltt, to: nativeTokenAddress, amount: '1', taker, chainId: 'eip155:10' },
        400,
        'swap_unavailable',
      ],
      [{ from: ltt, to: TEST_TOKENS.erc721.address, amount: '1', taker }, 422, 'no_route'],
      [{ from: ltt, to: TEST_ACCOUNTS[3]!.address, amount: '1', taker }, 422, 'no_route'],
      [
        { from: ltt, to: nativeTokenAddress, amount: '1', taker, chainId: 'eip155:8453' },
        502,
        'quote_unavailable',
      ],
    ]
    for (const [query, status, error] of cases) {
      const response = await quote(query)
      expect({
        query,
        status: response.status,
        error: ((await response.json()) as { error: string }).error,
      }).toEqual({
        query,
        status,
        error,
      })
    }
  })

  it('when the operator sets the router with the CLI, then a bad address or chain is refused and `--router none` ends swaps there', async () => {
    await expect(
      setSwapProvider(repository, demoProject.id, 'eip155:1', { router: '0x12', weth: dex.weth }),
    ).rejects.toThrow('--router must be a contract address (0x…)')
    await expect(setSwapProvider(repository, demoProject.id, 'solana:x', dex)).rejects.toThrow(
      'eip155 CAIP-2',
    )
    await expect(setSwapProvider(repository, 'nope', 'eip155:1', dex)).rejects.toThrow(
      'No project with id "nope"',
    )
    expect(await setSwapProvider(repository, demoProject.id, 'eip155:10', { router: 'none' })).toBe(
      `${demoProject.id}: no swaps on eip155:10`,
    )
    expect(await repository.swaps.getRouter(demoProject.id, 'eip155:1')).toEqual({
      router: dex.router,
      weth: dex.weth,
    })
  })
})

describe('given a project that quotes through 0x on eip155:1 (Dev 0x over the local DEX), on sqlite', () => {
  let base: string
  let close: () => Promise<void>
  let repository: Repository
  let zeroEx: DevZeroEx
  const apiKey = 'dev-0x-project-key'
  beforeAll(async () => {
    zeroEx = await startDevZeroEx({ apiKey, chains: { 1: { rpcUrl: chain.rpcUrl, ...dex } } })
    const started = await startTestServer('sqlite', {
      account: {
        rpcTimeoutMs: 1_000,
        // Activity from the built-in indexer over the same chain: the swaps below are listed.
        transactions: { 'eip155:1': { source: 'rpc', rpcUrl: chain.rpcUrl } },
      },
    })
    ;({ base, close, repository } = started)
    await repository.siwx.setRpcUrl(demoProject.id, 'eip155:1', chain.rpcUrl)
    expect(
      await setSwapProvider(repository, demoProject.id, 'eip155:1', {
        provider: '0x',
        apiUrl: zeroEx.url,
        apiKey,
      }),
    ).toBe(`${demoProject.id}: swaps on eip155:1 through 0x (${zeroEx.url}, with the project's API key)`)
  }, 60_000)
  afterAll(async () => {
    await close?.()
    await zeroEx?.close()
  })
  const quote = (query: Record<string, string>) =>
    fetch(
      `${base}/swap/v1/quote?${new URLSearchParams({ projectId: demoProject.id, chainId: 'eip155:1', ...query })}`,
    )

  it('when a taker buys LTT with 0.1 ETH, then the quote comes from 0x with the key and its transaction delivers at least the minimum', async () => {
    const taker = TEST_ACCOUNTS[6]!
    const response = await quote({
      from: nativeTokenAddress,
      to: ltt,
      amount: parseEther('0.1').toString(),
      taker: taker.address,
    })
    const body = (await response.json()) as SwapQuote
    expect(response.status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({
      from: { address: nativeTokenAddress, symbol: 'ETH', decimals: 18 },
      to: { address: ltt, symbol: 'LTT', decimals: 6 },
      approval: null,
      transaction: { to: dex.router, value: parseEther('0.1').toString() },
    })
    const before = await lttOf(taker.address)
    await send(taker.privateKey, {
      to: body.transaction.to,
      data: body.transaction.data,
      value: BigInt(body.transaction.value),
    })
    expect((await lttOf(taker.address)) - before).toBeGreaterThanOrEqual(BigInt(body.minBuyAmount))
  })

  it('when a taker sells LTT for ETH, then the quote comes from 0x with the key, names the router to approve, and after the approval its transaction pays out at least the minimum', async () => {
    const taker = TEST_ACCOUNTS[6]!
    const amount = 50_000_000n
    const first = (await (
      await quote({ from: ltt, to: nativeTokenAddress, amount: amount.toString(), taker: taker.address })
    ).json()) as SwapQuote
    expect(first).toMatchObject({
      from: { address: ltt, symbol: 'LTT', decimals: 6 },
      to: { address: nativeTokenAddress, symbol: 'ETH', decimals: 18 },
      sellAmount: amount.toString(),
      slippage: 1,
      priceImpact: null,
      approval: { spender: dex.router, allowance: '0' },
      transaction: { to: dex.router, value: '0' },
    })
    expect(BigInt(first.minBuyAmount)).toBe((BigInt(first.buyAmount) * 99n) / 100n)
    expect(zeroEx.requests.at(-1)).toContain('slippageBps=100')
    await send(taker.privateKey, {
      to: ltt,
      data: (await import('viem')).encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [dex.router, amount],
      }),
    })
    const body = (await (
      await quote({ from: ltt, to: nativeTokenAddress, amount: amount.toString(), taker: taker.address })
    ).json()) as SwapQuote
    expect(body.approval).toEqual({ spender: dex.router, allowance: amount.toString() })
    const before = await client().getBalance({ address: taker.address })
    const wallet = createWalletClient({
      account: privateKeyToAccount(taker.privateKey),
      chain: mainnet,
      transport: http(chain.rpcUrl),
    })
    const hash = await wallet.sendTransaction({ to: body.transaction.to, data: body.transaction.data })
    expect((await client().waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await client().getBalance({ address: taker.address })) - before).toBeGreaterThan(
      BigInt(body.minBuyAmount) - parseEther('0.01'),
    )

    // Activity lists it as the swap it is: the LTT out and the ETH the router paid back from
    // within the transaction (an inner call, no transaction of its own).
    const activity = (await (
      await fetch(
        `${base}/account/v1/transactions?${new URLSearchParams({ projectId: demoProject.id, address: taker.address, chainId: 'eip155:1' })}`,
      )
    ).json()) as {
      data: {
        id: string
        transfers: { direction: string; symbol: string; from: string; quantity: { raw: string } }[]
      }[]
    }
    const listed = activity.data.find((tx) => tx.id === hash.toLowerCase())
    expect(listed?.transfers.map((t) => [t.direction, t.symbol])).toEqual([
      ['in', 'ETH'],
      ['out', 'LTT'],
    ])
    const ethIn = listed!.transfers[0]!
    expect(ethIn.from).toBe(dex.router.toLowerCase())
    expect(BigInt(ethIn.quantity.raw)).toBeGreaterThanOrEqual(BigInt(body.minBuyAmount))
  })

  it('when 0x is down or slow, or the operator gives a bad setting, then a clear error and no quote; the key is stored sealed', async () => {
    const taker = TEST_ACCOUNTS[6]!.address
    const ask = { from: nativeTokenAddress, to: ltt, amount: parseEther('0.01').toString(), taker }
    zeroEx.mode = 'down'
    let response = await quote(ask)
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ error: 'quote_unavailable', message: '0x answered HTTP 503' })
    zeroEx.mode = 'slow'
    zeroEx.slowMs = 3_000
    response = await quote(ask)
    expect(await response.json()).toEqual({
      error: 'quote_unavailable',
      message: '0x did not answer within 1000 ms',
    })
    zeroEx.mode = 'ok'
    response = await quote({ ...ask, to: TEST_TOKENS.erc721.address })
    expect(response.status).toBe(422)
    await expect(
      setSwapProvider(repository, demoProject.id, 'eip155:1', { provider: '0x', apiUrl: zeroEx.url }),
    ).rejects.toThrow("--api-key is required: the project's 0x API key")
    await expect(
      setSwapProvider(repository, demoProject.id, 'eip155:1', {
        provider: '1inch',
        apiKey,
      }),
    ).rejects.toThrow('Unknown swap provider "1inch"')
    await expect(
      setSwapProvider(repository, demoProject.id, 'eip155:1', {
        provider: 'lifi',
        apiUrl: 'http://example.com',
        apiKey,
      }),
    ).rejects.toThrow('--api-url must start with https://')
    // The key is sealed at rest: the stored value is not the key.
    const stored = await repository.swaps.getAggregator(demoProject.id, 'eip155:1')
    expect(stored?.provider).toBe('0x')
    expect(stored?.sealedApiKey).not.toContain(apiKey)
  })
})
