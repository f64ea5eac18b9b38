import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { approveCalldata } from '../actions/swap.js'
import {
  formatPriceImpact,
  formatSwapAmount,
  NATIVE_TOKEN_ADDRESS,
  needsApproval,
  parseSwapQuote,
  swapNetworkFee,
  swapRate,
  swapTokenAddress,
} from './swap.js'

const LTT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const asked = { chainId: 'eip155:1', from: NATIVE_TOKEN_ADDRESS, to: LTT, amount: 10n ** 17n }
const quote = () => ({
  chainId: 'eip155:1',
  from: { address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', decimals: 18 },
  to: { address: LTT, symbol: 'LTT', decimals: 6 },
  sellAmount: '100000000000000000',
  buyAmount: '247031661',
  minBuyAmount: '244561344',
  slippage: 1,
  priceImpact: 0.99,
  route: ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', LTT],
  approval: null as { spender: string; allowance: string } | null,
  transaction: {
    to: ROUTER,
    data: '0x7ff36ab5',
    value: '100000000000000000',
    gas: '150000',
    gasPrice: '2000000000',
  },
})

describe('given a swap quote from the server', () => {
  it('when it is the swap asked, then it is taken as it came', () => {
    expect(parseSwapQuote(quote(), asked)).toEqual(quote())
  })

  it.each([
    ['another chain', { chainId: 'eip155:8453' }],
    ['another bought token', { to: { address: ROUTER, symbol: 'LTT', decimals: 6 } }],
    ['another amount sold', { sellAmount: '1' }],
    ['a minimum above the amount out', { minBuyAmount: '247031662' }],
  ])('when it is for %s, then it is refused', (_, patch) => {
    expect(() => parseSwapQuote({ ...quote(), ...patch }, asked)).toThrow()
  })

  it.each([
    ['an amount that is not a whole number', { buyAmount: '1.5' }],
    ['a transaction with non-hex data', { transaction: { ...quote().transaction, data: '<b>x</b>' } }],
    ['a field more', { extra: 1 }],
    ['decimals that are not whole', { to: { address: LTT, symbol: 'LTT', decimals: 6.5 } }],
    ['an approval without a spender', { approval: { allowance: '0' } }],
  ])('when it has %s, then it is refused', (_, patch) => {
    expect(() => parseSwapQuote({ ...quote(), ...patch }, asked)).toThrow()
  })

  it('when its provider gives no price impact (an aggregator), then null is taken and a text is refused', () => {
    expect(parseSwapQuote({ ...quote(), priceImpact: null }, asked).priceImpact).toBeNull()
    expect(() => parseSwapQuote({ ...quote(), priceImpact: '0.99' }, asked)).toThrow()
  })

  it('when the sold token needs an allowance, then an approval is due only while the allowance is short', () => {
    const sellToken = { ...quote(), approval: { spender: ROUTER, allowance: '0' } }
    expect(needsApproval(parseSwapQuote(sellToken, asked))).toBe(true)
    const allowed = { ...sellToken, approval: { spender: ROUTER, allowance: sellToken.sellAmount } }
    expect(needsApproval(parseSwapQuote(allowed, asked))).toBe(false)
    expect(needsApproval(parseSwapQuote(quote(), asked))).toBe(false)
  })

  it('then its rate, fee and price impact read as a person expects', () => {
    const checked = parseSwapQuote(quote(), asked)
    expect(swapRate(checked)).toBe('2470.31661')
    expect(swapNetworkFee(checked)).toBe(300_000_000_000_000n)
    expect(formatPriceImpact(checked.priceImpact ?? Number.NaN)).toBe('0.99')
    expect(formatPriceImpact(0)).toBe('< 0.01')
  })
})

describe('given token amounts', () => {
  it('then they are cut to six places, never rounded up, and a dust amount is not shown as zero', () => {
    expect(formatSwapAmount(244_561_344n, 6)).toBe('244.561344')
    expect(formatSwapAmount(1_999_999_999_999_999_999n, 18)).toBe('1.999999')
    expect(formatSwapAmount(10n ** 18n, 18)).toBe('1')
    expect(formatSwapAmount(1n, 18)).toBe('< 0.000001')
    expect(formatSwapAmount(0n, 18)).toBe('0')
  })

  it('then the native coin is named by its stand-in address and a token by its contract', () => {
    const base = {
      name: 'x',
      symbol: 'x',
      chainId: 'eip155:1',
      quantity: { decimals: '6', numeric: '1' },
      iconUrl: '',
    }
    expect(swapTokenAddress(base)).toBe(NATIVE_TOKEN_ADDRESS)
    expect(swapTokenAddress({ ...base, address: `eip155:1:${LTT}` })).toBe(LTT)
  })

  it('then an approval of the router is the ERC-20 call with both words padded', () => {
    for (const amount of [0n, 255n, 10n ** 18n, 2n ** 256n - 1n])
      expect(approveCalldata(ROUTER, amount)).toBe(
        encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, amount] }),
      )
    expect(approveCalldata(ROUTER, 255n)).toBe(
      `0x095ea7b3${'0'.repeat(24)}${ROUTER.slice(2).toLowerCase()}${'0'.repeat(62)}ff`,
    )
  })
})
