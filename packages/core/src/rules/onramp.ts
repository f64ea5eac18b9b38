import { s } from '../schema/s.js'
import type { Infer } from '../schema/schema.js'

/** Spec §5: a payment currency's limits when the server gives none. */
export const ONRAMP_DEFAULT_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
] as const

/**
 * Spec §9: the time zones where on-ramp is not offered (mainland China, Hong Kong, Macau), with
 * the IANA names' aliases.
 */
const RESTRICTED_TIME_ZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
]

/** Whether on-ramp is not offered in the visitor's time zone (spec §9). */
export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  return timeZone !== undefined && RESTRICTED_TIME_ZONES.includes(timeZone)
}

const text = (max: number) => s.string().regex(new RegExp(`^[^\\u0000-\\u001F\\u007F]{1,${max}}$`))
const fiat = () => s.string().regex(/^[0-9]{1,9}\.[0-9]{2}$/, 'Invalid amount')
const crypto = () => s.string().regex(/^[0-9]{1,30}(\.[0-9]{1,30})?$/, 'Invalid amount')
const amount = (value: () => ReturnType<typeof fiat>) => s.object({ amount: value(), currency: text(16) })

// Built when an answer is checked, not at import: an app that never buys runs none of this.
const optionsSchema = () =>
  s.object({
    purchaseCurrencies: s.array(
      s.object({
        id: text(32),
        name: text(64),
        symbol: text(16),
        networks: s.array(
          s.object({
            name: text(64),
            display_name: text(64),
            chain_id: text(64),
            contract_address: s.string(),
          }),
        ),
      }),
    ),
    paymentCurrencies: s.array(
      s.object({
        id: s.string().regex(/^[A-Z]{3}$/),
        payment_method_limits: s.array(s.object({ id: text(32), min: fiat(), max: fiat() })),
      }),
    ),
  })

const quotesSchema = () =>
  s.object({
    quotes: s.array(
      s.object({
        provider: text(32),
        purchaseAmount: amount(crypto),
        paymentAmount: amount(fiat),
        fees: s.object({ provider: fiat(), network: fiat() }),
      }),
    ),
    errors: s.array(s.object({ provider: text(32), error: text(64), message: text(200) })),
  })

const sessionSchema = () =>
  s.object({
    purchaseId: text(64),
    provider: text(32),
    // Only a web page: never a script or data URL.
    checkoutUrl: s.string().regex(/^https?:\/\/[^\s]{1,2040}$/, 'Invalid URL'),
  })

const purchasesSchema = () =>
  s.object({
    data: s.array(
      s.object({
        id: text(64),
        provider: text(32),
        status: s.enum(['pending', 'completed', 'failed']),
        purchaseAmount: amount(crypto),
        chainId: text(64),
        txHash: s.union([
          s.string().regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/),
          s.literal(null),
        ]),
        createdAt: text(40),
        updatedAt: text(40),
      }),
    ),
  })

/** `/onramp/v1/options` (spec §7: purchaseCurrencies and paymentCurrencies), checked. */
export type OnrampOptions = Infer<ReturnType<typeof optionsSchema>>
export type OnrampPurchaseCurrency = OnrampOptions['purchaseCurrencies'][number]
export type OnrampPaymentCurrency = OnrampOptions['paymentCurrencies'][number]
export type OnrampQuotes = Infer<ReturnType<typeof quotesSchema>>
/** One provider's quote (spec §3: `purchaseAmount.amount`), with its fees. */
export type OnrampQuote = OnrampQuotes['quotes'][number]
export type OnrampSession = Infer<ReturnType<typeof sessionSchema>>
/** A purchase of the account, as Activity shows it. */
export type OnrampPurchase = Infer<ReturnType<typeof purchasesSchema>>['data'][number]

export const parseOnrampOptions = (body: unknown): OnrampOptions => optionsSchema().parse(body)
export const parseOnrampQuotes = (body: unknown): OnrampQuotes => quotesSchema().parse(body)
export const parseOnrampSession = (body: unknown): OnrampSession => sessionSchema().parse(body)
export const parseOnrampPurchases = (body: unknown): OnrampPurchase[] => purchasesSchema().parse(body).data

/** The currencies sold on a network (spec §6: eip155 and solana), by CAIP-2 id. */
export function onrampCurrenciesOn(options: OnrampOptions, caipNetworkId: string): OnrampPurchaseCurrency[] {
  return options.purchaseCurrencies.filter((c) => c.networks.some((n) => n.chain_id === caipNetworkId))
}

/** A payment currency's methods and their limits; the spec §5 defaults when it lists none. */
export function paymentMethodLimits(
  currency: OnrampPaymentCurrency,
): readonly { id: string; min: string; max: string }[] {
  return currency.payment_method_limits.length > 0 ? currency.payment_method_limits : ONRAMP_DEFAULT_LIMITS
}

const cents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** Why a typed amount cannot be bought with the method: not an amount, under its minimum, over its maximum. */
export type OnrampAmountProblem = 'invalid' | 'belowMinimum' | 'aboveMaximum'

/** The problem of a typed amount (fiat, at most two decimals) against a method's limits, if any. */
export function onrampAmountProblem(
  amount: string,
  limit: { min: string; max: string },
): OnrampAmountProblem | undefined {
  if (!/^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(amount)) return 'invalid'
  const value = cents(amount)
  if (value < cents(limit.min)) return 'belowMinimum'
  if (value > cents(limit.max)) return 'aboveMaximum'
  return undefined
}

/** The quotes best first: the most crypto for the same payment. */
export function sortOnrampQuotes(quotes: readonly OnrampQuote[]): OnrampQuote[] {
  const scaled = (q: OnrampQuote) => {
    const [whole = '0', fraction = ''] = q.purchaseAmount.amount.split('.')
    return BigInt(whole + fraction.padEnd(30, '0'))
  }
  return [...quotes].sort((a, b) => (scaled(b) > scaled(a) ? 1 : scaled(b) < scaled(a) ? -1 : 0))
}
