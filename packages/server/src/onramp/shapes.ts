import { Decimal } from 'decimal.js'
import {
  cleanText,
  isRecord,
  type OnrampAmount,
  type OnrampNetwork,
  type OnrampOptions,
  type OnrampPaymentCurrency,
  type OnrampPurchaseCurrency,
  type PaymentMethodLimit,
  ProviderError,
} from './provider.js'

/** Spec §5: a payment currency's limits when its provider gives none. */
export const defaultPaymentMethodLimits: readonly PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/** Spec §6: the namespaces on-ramp serves. */
export const onrampNetworkPattern = /^(?:eip155:[1-9][0-9]{0,15}|solana:[1-9A-HJ-NP-Za-km-z]{32})$/
const idPattern = /^[A-Za-z0-9_.-]{1,32}$/
const fiatPattern = /^[0-9]{1,9}(?:\.[0-9]{1,2})?$/
const cryptoPattern = /^[0-9]{1,30}(?:\.[0-9]{1,30})?$/

/** A fiat amount in cents; undefined when it is not a decimal with at most two places. */
export function cents(amount: string): bigint | undefined {
  if (!fiatPattern.test(amount)) return undefined
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** Cents as a decimal with two places: 1050n → '10.50'. */
export function fromCents(value: bigint): string {
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`
}

const invalid = (what: string) => new ProviderError('invalid_response', `The provider's ${what} is malformed`)

function text(value: unknown, what: string, max = 64): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) throw invalid(what)
  return cleanText(value, max)
}

/** A fiat amount as the provider wrote it, normalised to two places. */
export function fiat(value: unknown, what: string): string {
  const c = typeof value === 'string' ? cents(value) : undefined
  if (c === undefined) throw invalid(what)
  return fromCents(c)
}

/** An amount with its currency; crypto amounts are decimals of up to 30 places. */
export function amountOf(value: unknown, what: string, kind: 'fiat' | 'crypto'): OnrampAmount {
  if (!isRecord(value)) throw invalid(what)
  const amount =
    kind === 'fiat'
      ? fiat(value.amount, what)
      : typeof value.amount === 'string' && cryptoPattern.test(value.amount)
        ? value.amount
        : undefined
  if (amount === undefined) throw invalid(what)
  return { amount, currency: text(value.currency, what, 16) }
}

function network(value: unknown): OnrampNetwork | undefined {
  if (!isRecord(value)) throw invalid('network')
  const chainId = text(value.chain_id, 'network', 64)
  // Spec §6: on-ramp for eip155 and solana; the provider's other networks are not offered.
  if (!onrampNetworkPattern.test(chainId)) return undefined
  const contract = value.contract_address ?? ''
  if (typeof contract !== 'string' || contract.length > 64) throw invalid('network')
  return {
    name: text(value.name, 'network'),
    display_name: text(value.display_name, 'network'),
    chain_id: chainId,
    contract_address: contract,
  }
}

function purchaseCurrency(value: unknown): OnrampPurchaseCurrency | undefined {
  if (!isRecord(value) || !Array.isArray(value.networks)) throw invalid('purchase currency')
  const id = text(value.id, 'purchase currency')
  if (!idPattern.test(id)) throw invalid('purchase currency')
  const networks = value.networks
    .slice(0, 64)
    .map(network)
    .filter((n) => n !== undefined)
  if (networks.length === 0) return undefined
  return {
    id,
    name: text(value.name, 'purchase currency'),
    symbol: text(value.symbol, 'purchase currency', 16),
    networks,
  }
}

function paymentCurrency(value: unknown): OnrampPaymentCurrency {
  if (!isRecord(value)) throw invalid('payment currency')
  const id = text(value.id, 'payment currency', 8)
  if (!/^[A-Z]{3}$/.test(id)) throw invalid('payment currency')
  const given = value.payment_method_limits
  if (given !== undefined && !Array.isArray(given)) throw invalid('payment method limits')
  const limits = (given ?? []).slice(0, 16).map((limit): PaymentMethodLimit => {
    if (!isRecord(limit)) throw invalid('payment method limits')
    const methodId = text(limit.id, 'payment method limits', 32)
    const min = fiat(limit.min, 'payment method limits')
    const max = fiat(limit.max, 'payment method limits')
    if (!idPattern.test(methodId) || cents(min)! > cents(max)!) throw invalid('payment method limits')
    return { id: methodId, min, max }
  })
  return {
    id,
    payment_method_limits: limits.length > 0 ? limits : defaultPaymentMethodLimits.map((l) => ({ ...l })),
  }
}

/** A provider's currencies, checked; networks outside eip155 and solana are left out. */
export function parseOptions(body: unknown): OnrampOptions {
  if (!isRecord(body) || !Array.isArray(body.purchaseCurrencies) || !Array.isArray(body.paymentCurrencies))
    throw invalid('currency list')
  return {
    purchaseCurrencies: body.purchaseCurrencies
      .slice(0, 200)
      .map(purchaseCurrency)
      .filter((c) => c !== undefined),
    paymentCurrencies: body.paymentCurrencies.slice(0, 100).map(paymentCurrency),
  }
}

/** Several providers' currencies as one list: each currency once, its networks and limits joined. */
export function mergeOptions(all: readonly OnrampOptions[]): OnrampOptions {
  const purchase = new Map<string, OnrampPurchaseCurrency>()
  const payment = new Map<string, OnrampPaymentCurrency>()
  for (const options of all) {
    for (const currency of options.purchaseCurrencies) {
      const known = purchase.get(currency.id)
      if (!known) purchase.set(currency.id, { ...currency, networks: [...currency.networks] })
      else
        for (const n of currency.networks)
          if (!known.networks.some((k) => k.chain_id === n.chain_id)) known.networks.push(n)
    }
    for (const currency of options.paymentCurrencies) {
      const known = payment.get(currency.id)
      if (!known) {
        payment.set(currency.id, {
          id: currency.id,
          payment_method_limits: currency.payment_method_limits.map((l) => ({ ...l })),
        })
        continue
      }
      // The widest range over the providers: a provider whose own limits miss the amount answers
      // with its error beside the others' quotes.
      for (const limit of currency.payment_method_limits) {
        const k = known.payment_method_limits.find((l) => l.id === limit.id)
        if (!k) known.payment_method_limits.push({ ...limit })
        else {
          if (cents(limit.min)! < cents(k.min)!) k.min = limit.min
          if (cents(limit.max)! > cents(k.max)!) k.max = limit.max
        }
      }
    }
  }
  return { purchaseCurrencies: [...purchase.values()], paymentCurrencies: [...payment.values()] }
}

/** Why an amount is outside a payment method's limits, or undefined when it is within them. */
export function limitProblem(
  options: OnrampOptions,
  order: { paymentCurrency: string; paymentMethod: string; amount: string },
):
  | { code: 'unsupported_payment' | 'amount_below_minimum' | 'amount_above_maximum'; message: string }
  | undefined {
  const limit = options.paymentCurrencies
    .find((c) => c.id === order.paymentCurrency)
    ?.payment_method_limits.find((l) => l.id === order.paymentMethod)
  if (!limit)
    return {
      code: 'unsupported_payment',
      message: `Paying in ${order.paymentCurrency} by ${order.paymentMethod} is not offered`,
    }
  const amount = cents(order.amount)!
  if (amount < cents(limit.min)!)
    return { code: 'amount_below_minimum', message: `The minimum is ${limit.min} ${order.paymentCurrency}` }
  if (amount > cents(limit.max)!)
    return { code: 'amount_above_maximum', message: `The maximum is ${limit.max} ${order.paymentCurrency}` }
  return undefined
}

/** Whether the options sell the currency on the network. */
export function sellsOn(options: OnrampOptions, purchaseCurrency: string, network: string): boolean {
  return options.purchaseCurrencies.some(
    (c) => c.id === purchaseCurrency && c.networks.some((n) => n.chain_id === network),
  )
}

/**
 * A provider's number (some APIs answer amounts as JSON numbers, others as strings) as a decimal:
 * fiat rounded to two places, crypto as written, never in exponent form. Negative, infinite or
 * non-numeric values are malformed.
 */
export function decimalOf(value: unknown, what: string, kind: 'fiat' | 'crypto'): string {
  if (typeof value !== 'number' && typeof value !== 'string') throw invalid(what)
  let parsed: Decimal
  try {
    parsed = new Decimal(value)
  } catch {
    throw invalid(what)
  }
  if (!parsed.isFinite() || parsed.isNegative()) throw invalid(what)
  const text = kind === 'fiat' ? parsed.toFixed(2, Decimal.ROUND_HALF_UP) : parsed.toFixed()
  if (!(kind === 'fiat' ? fiatPattern : cryptoPattern).test(text)) throw invalid(what)
  return text
}

/** The sum of fiat decimals, two places. */
export function fiatSum(...values: string[]): string {
  return values.reduce((sum, v) => sum.plus(v), new Decimal(0)).toFixed(2, Decimal.ROUND_HALF_UP)
}
