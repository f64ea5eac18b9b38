import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  isAddress,
  isAddressEqual,
  parseAbi,
} from 'viem'

/** The native coin's stand-in address in 0x's API. */
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** How Dev 0x answers: as 0x does, or as it fails ('down': 503; 'slow': after `slowMs`). */
export type DevZeroExMode = 'ok' | 'down' | 'slow'

export interface StartDevZeroExOptions {
  /** The API key the project's server must send in `0x-api-key`. */
  apiKey: string
  /** Each chain it quotes on: its node and the Uniswap-v2-style router and wrapped native token there. */
  chains: Record<number, { rpcUrl: string; router: string; weth: string }>
  /** Loopback port (default: a free one). */
  port?: number | undefined
}

/** A running Dev 0x. */
export interface DevZeroEx {
  /** The API base URL, as an operator gives it to `latch-server project set-swap --api-url`. */
  url: string
  mode: DevZeroExMode
  slowMs: number
  /** The quote requests it answered: path and query (the key comes in a header). */
  requests: string[]
  close(): Promise<void>
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

const zid = () =>
  `0x${[...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * Dev 0x: 0x Swap API v2's AllowanceHolder quote (`GET /swap/allowance-holder/quote`, headers
 * `0x-api-key` and `0x-version: v2`) on loopback, quoting from a local Uniswap-v2-style router:
 * `buyAmount` from the router's `getAmountsOut`, `minBuyAmount` under it by `slippageBps`
 * (default 100), and a `transaction` that calls the router's `swapExact…` for the taker. Where
 * 0x's AllowanceHolder is both the spender and the contract called, here the router is:
 * `issues.allowance` names it while the taker's allowance is short. No pool: `liquidityAvailable:
 * false`. A missing or wrong key: 401; no `0x-version: v2`, an unknown chain or a bad parameter:
 * 400 `INPUT_INVALID`, in 0x's error shape (`name`, `message`, `data`).
 *
 * @example
 * const zeroEx = await startDevZeroEx({ apiKey: 'dev', chains: { 1: { rpcUrl, router, weth } } })
 */
export async function startDevZeroEx(options: StartDevZeroExOptions): Promise<DevZeroEx> {
  const dev: DevZeroEx = { url: '', mode: 'ok', slowMs: 5_000, requests: [], close: async () => {} }
  const clients = new Map(
    Object.entries(options.chains).map(([id, chain]) => [
      Number(id),
      { ...chain, client: createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) },
    ]),
  )
  const invalid = (response: ServerResponse, field: string, reason: string) =>
    send(response, 400, {
      name: 'INPUT_INVALID',
      message: 'Validation Failed',
      data: { zid: zid(), details: [{ field, reason }] },
    })

  async function quote(url: URL, response: ServerResponse) {
    const q = url.searchParams
    const chain = clients.get(Number(q.get('chainId')))
    if (!chain) return invalid(response, 'chainId', 'Chain is not supported')
    for (const field of ['sellToken', 'buyToken', 'taker'])
      if (!isAddress(q.get(field) ?? '', { strict: false }))
        return invalid(response, field, 'Invalid address')
    if (!/^[1-9][0-9]{0,77}$/.test(q.get('sellAmount') ?? ''))
      return invalid(response, 'sellAmount', 'Invalid amount')
    const slippageBps = Number(q.get('slippageBps') ?? '100')
    if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > 10_000)
      return invalid(response, 'slippageBps', 'Must be an integer from 0 to 10000')
    const sellToken = getAddress(q.get('sellToken')!)
    const buyToken = getAddress(q.get('buyToken')!)
    const taker = getAddress(q.get('taker')!)
    const sellAmount = BigInt(q.get('sellAmount')!)
    const router = getAddress(chain.router)
    const weth = getAddress(chain.weth)
    const sellNative = isAddressEqual(sellToken, NATIVE)
    const buyNative = isAddressEqual(buyToken, NATIVE)
    const a = sellNative ? weth : sellToken
    const b = buyNative ? weth : buyToken
    const path = isAddressEqual(a, weth) || isAddressEqual(b, weth) ? [a, b] : [a, weth, b]
    let amounts: readonly bigint[]
    try {
      amounts = await chain.client.readContract({
        address: router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [sellAmount, path],
      })
    } catch {
      return send(response, 200, { liquidityAvailable: false, zid: zid() })
    }
    const buyAmount = amounts.at(-1) ?? 0n
    if (buyAmount === 0n) return send(response, 200, { liquidityAvailable: false, zid: zid() })
    const minBuyAmount = (buyAmount * BigInt(10_000 - slippageBps)) / 10_000n
    const block = await chain.client.getBlock()
    const deadline = block.timestamp + 1_200n
    const data = sellNative
      ? encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactETHForTokens',
          args: [minBuyAmount, path, taker, deadline],
        })
      : encodeFunctionData({
          abi: routerAbi,
          functionName: buyNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [sellAmount, minBuyAmount, path, taker, deadline],
        })
    const allowance = sellNative
      ? undefined
      : await chain.client.readContract({
          address: sellToken,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [taker, router],
        })
    const value = sellNative ? sellAmount : 0n
    const [gas, gasPrice] = await Promise.all([
      allowance !== undefined && allowance < sellAmount
        ? 250_000n
        : chain.client
            .estimateGas({ account: taker, to: router, data, value })
            .then((g) => (g * 12n) / 10n)
            .catch(() => 250_000n),
      chain.client.getGasPrice(),
    ])
    const lower = (address: Address) => address.toLowerCase()
    const symbolOf = (address: Address) =>
      isAddressEqual(address, NATIVE)
        ? Promise.resolve('ETH')
        : chain.client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }).catch(() => '')
    const [sellSymbol, buySymbol] = await Promise.all([symbolOf(sellToken), symbolOf(buyToken)])
    send(response, 200, {
      allowanceTarget: sellNative ? null : router,
      blockNumber: block.number.toString(),
      buyAmount: buyAmount.toString(),
      buyToken: lower(buyToken),
      fees: { integratorFee: null, zeroExFee: null, gasFee: null },
      issues: {
        allowance:
          allowance !== undefined && allowance < sellAmount
            ? { actual: allowance.toString(), spender: lower(router) }
            : null,
        balance: null,
        simulationIncomplete: false,
        invalidSourcesPassed: [],
      },
      liquidityAvailable: true,
      minBuyAmount: minBuyAmount.toString(),
      route: {
        fills: [{ from: lower(a), to: lower(b), source: 'Uniswap_V2', proportionBps: '10000' }],
        tokens: [
          { address: lower(sellToken), symbol: sellSymbol },
          { address: lower(buyToken), symbol: buySymbol },
        ],
      },
      sellAmount: sellAmount.toString(),
      sellToken: lower(sellToken),
      tokenMetadata: {
        buyToken: { buyTaxBps: '0', sellTaxBps: '0' },
        sellToken: { buyTaxBps: '0', sellTaxBps: '0' },
      },
      totalNetworkFee: (gas * gasPrice).toString(),
      transaction: {
        to: lower(router),
        data,
        gas: gas.toString(),
        gasPrice: gasPrice.toString(),
        value: value.toString(),
      },
      zid: zid(),
    })
  }

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://dev-0x')
    if (url.pathname !== '/swap/allowance-holder/quote')
      return send(response, 404, { name: 'NOT_FOUND', message: 'Not found', data: { zid: zid() } })
    if (request.headers['0x-api-key'] !== options.apiKey)
      return send(response, 401, { name: 'UNAUTHORIZED', message: 'Invalid API key', data: { zid: zid() } })
    if (request.headers['0x-version'] !== 'v2') return invalid(response, '0x-version', 'Must be v2')
    dev.requests.push(`${url.pathname}${url.search}`)
    quote(url, response).catch(() =>
      send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'Internal error', data: { zid: zid() } }),
    )
  }
  const server = createServer((request, response) => {
    if (dev.mode === 'down')
      return send(response, 503, { name: 'SERVICE_UNAVAILABLE', message: 'Unavailable' })
    if (dev.mode === 'slow') return void setTimeout(() => answer(request, response), dev.slowMs)
    answer(request, response)
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  dev.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dev.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return dev
}
