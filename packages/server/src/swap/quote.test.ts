import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AnvilInstance, deployTestTokens, startAnvil, TEST_ACCOUNTS, TEST_TOKENS } from '@latch/testkit'
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
  const client = () => createPublicClient({ chain: mainnet, transport: http(chain.rpcUrl) })
  const send = async (key: Hex, tx: { to: Address; data: Hex; value?: bigint }) => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(key),
      chain: mainnet,
      transport: http(chain.rpcUrl),
    })
    const receipt = await client().waitForTransactionReceipt({ hash: await wallet.sendTransaction(tx) })
    return receipt.status
  }
  const lttOf = (address: Address) =>
    client().readContract({ address: ltt, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

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
    expect(
      await send(taker.privateKey, {
        to: body.transaction.to,
        data: body.transaction.data,
        value: BigInt(body.transaction.value),
      }),
    ).toBe('success')
    expect((await lttOf(taker.address)) - before).toBeGreaterThanOrEqual(BigInt(body.minBuyAmount))
  })

  it('when a taker sells LTT for ETH, then the quote names the router to approve with the allowance now, and after the approval its transaction pays out ETH', async () => {
    const taker = TEST_ACCOUNTS[backend === 'sqlite' ? 7 : 8]!
    const amount = (await lttOf(taker.address)) / 2n
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
    expect(await send(taker.privateKey, { to: body.transaction.to, data: body.transaction.data })).toBe(
      'success',
    )
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
    await expect(setSwapProvider(repository, demoProject.id, 'solana:x', dex)).rejects.toThrow('eip155 CAIP-2')
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
