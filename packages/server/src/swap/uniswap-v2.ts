import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  isAddressEqual,
  parseAbi,
} from 'viem'
import type { SwapRouterSetting } from '../storage/swaps.js'

/** The native coin's stand-in address in swap arguments and quotes (spec §3 swap token). */
export const nativeTokenAddress: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Swap slippage tolerance, in percent (spec §9). */
export const slippagePercent = 1

/** How long a quote's transaction may wait to be mined before the router refuses it. */
const deadlineSeconds = 20 * 60

/** A router's swap with no gas estimate (the taker has no allowance yet): a v2 swap's usual bound. */
const fallbackGas = 250_000n

const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
])

/** A quote the pool cannot give (no pool, no liquidity): the visitor's input, not the node, is at fault. */
export class NoRouteError extends Error {}

/** One side of a swap as the quote describes it. */
export interface QuoteToken {
  address: Address
  symbol: string
  decimals: number
}

/** A swap quote: what goes in, what comes out at least, and the transaction that does it. */
export interface SwapQuote {
  chainId: string
  from: QuoteToken
  to: QuoteToken
  sellAmount: string
  buyAmount: string
  /** The least the swap may give: `buyAmount` less the slippage tolerance; the transaction enforces it. */
  minBuyAmount: string
  slippage: number
  /**
   * How far the price moves against the visitor, in percent (the pools' fee not counted); null
   * when the quote provider does not tell.
   */
  priceImpact: number | null
  route: Address[]
  /** For a token sold: the router must be allowed to move `sellAmount`; `allowance` is the taker's now. */
  approval: { spender: Address; allowance: string } | null
  transaction: { to: Address; data: `0x${string}`; value: string; gas: string; gasPrice: string }
}

export interface QuoteRequest {
  rpcUrl: string
  chainId: string
  router: SwapRouterSetting
  from: Address
  to: Address
  amount: bigint
  taker: Address
  timeoutMs: number
  /** Seconds since the epoch (the deadline counts from it). */
  now: number
}

/** The contract refused the call or has no such function (not the node failing to answer). */
function refused(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk(
      (e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError,
    ) !== null
  )
}
const orRefused = (error: unknown) => {
  if (refused(error)) return undefined
  throw error
}

const isNative = (address: Address) => isAddressEqual(address, nativeTokenAddress)

/** A token's symbol and decimals as a quote shows them, read from its contract (ETH for the native coin). */
export async function readQuoteToken(
  client: ReturnType<typeof createPublicClient>,
  address: Address,
  weth: Address,
): Promise<QuoteToken> {
  if (isNative(address)) return { address: nativeTokenAddress, symbol: 'ETH', decimals: 18 }
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }).catch(orRefused),
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }).catch(orRefused),
  ])
  if (decimals === undefined || decimals > 36)
    throw new NoRouteError(`${address} is not an ERC-20 token on this chain`)
  const shown = typeof symbol === 'string' ? symbol.replace(/[^\p{L}\p{N}.\-_ ]/gu, '').slice(0, 16) : ''
  return {
    address: getAddress(address),
    symbol: shown || (isAddressEqual(address, weth) ? 'WETH' : '?'),
    decimals,
  }
}

/**
 * Quotes a swap on a Uniswap-v2-style router over the project's own node: the router's
 * `getAmountsOut` along the path (through the wrapped native token where a side is native, or
 * between two tokens), the minimum at the slippage tolerance, the price impact from the pools'
 * reserves, and the `swapExact…` transaction with its deadline.
 */
export async function quoteUniswapV2(request: QuoteRequest): Promise<SwapQuote> {
  const client = createPublicClient({
    transport: http(request.rpcUrl, { timeout: request.timeoutMs, retryCount: 0 }),
  })
  const router = getAddress(request.router.router)
  const weth = getAddress(request.router.weth)
  const [from, to] = await Promise.all([
    readQuoteToken(client, request.from, weth),
    readQuoteToken(client, request.to, weth),
  ])
  const fromNative = isNative(from.address)
  const toNative = isNative(to.address)
  const a = fromNative ? weth : from.address
  const b = toNative ? weth : to.address
  const route: Address[] = isAddressEqual(a, weth) || isAddressEqual(b, weth) ? [a, b] : [a, weth, b]
  let amounts: readonly bigint[]
  try {
    amounts = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [request.amount, route],
    })
  } catch (error) {
    if (refused(error))
      throw new NoRouteError(`No pool with liquidity for ${from.symbol} → ${to.symbol} on ${request.chainId}`)
    throw error
  }
  const buyAmount = amounts.at(-1) ?? 0n
  if (buyAmount === 0n) throw new NoRouteError('The amount is too small to swap')
  const minBuyAmount = (buyAmount * BigInt(100 - slippagePercent)) / 100n
  // The price without the trade: each hop's reserves' ratio, chained; the impact is how far the
  // fee-less output falls short of it.
  const factory = await client.readContract({ address: router, abi: routerAbi, functionName: 'factory' })
  let mid = 1
  for (let hop = 0; hop + 1 < route.length; hop++) {
    const [tokenIn, tokenOut] = [route[hop]!, route[hop + 1]!]
    const pair = await client.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [tokenIn, tokenOut],
    })
    const [token0, [r0, r1]] = await Promise.all([
      client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
      client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
    ])
    const [reserveIn, reserveOut] = isAddressEqual(token0, tokenIn) ? [r0, r1] : [r1, r0]
    mid *= Number(reserveOut) / Number(reserveIn)
  }
  const feeless = Number(buyAmount) / 0.997 ** (route.length - 1)
  const ideal = Number(request.amount) * mid
  const priceImpact = ideal > 0 ? Math.max(0, Math.round((1 - feeless / ideal) * 10_000) / 100) : 0
  const deadline = BigInt(request.now + deadlineSeconds)
  const data = fromNative
    ? encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [minBuyAmount, route, request.taker, deadline],
      })
    : encodeFunctionData({
        abi: routerAbi,
        functionName: toNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [request.amount, minBuyAmount, route, request.taker, deadline],
      })
  const value = fromNative ? request.amount : 0n
  const allowance = fromNative
    ? undefined
    : await client.readContract({
        address: from.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [request.taker, router],
      })
  const [gas, gasPrice] = await Promise.all([
    allowance !== undefined && allowance < request.amount
      ? fallbackGas
      : client.estimateGas({ account: request.taker, to: router, data, value }).catch(() => fallbackGas),
    client.getGasPrice(),
  ])
  return {
    chainId: request.chainId,
    from,
    to,
    sellAmount: request.amount.toString(),
    buyAmount: buyAmount.toString(),
    minBuyAmount: minBuyAmount.toString(),
    slippage: slippagePercent,
    priceImpact,
    route,
    approval: allowance === undefined ? null : { spender: router, allowance: allowance.toString() },
    transaction: {
      to: router,
      data,
      value: value.toString(),
      gas: gas.toString(),
      gasPrice: gasPrice.toString(),
    },
  }
}
