import { BALANCE_FALLBACK, BALANCE_RETRY_MS, NUMBER_DECIMALS, NUMBER_LOCALE } from '../constants.js'
import type { CaipNetwork } from '../types.js'

/**
 * Whether the native balance is loaded for a network (spec §9): never on a testnet (its `testnet`
 * flag), never on a chain the app did not configure, and not at all when the app turns it off.
 */
export function shouldFetchBalance(parameters: {
  enabled: boolean
  caipNetwork: CaipNetwork | undefined
  unsupported: boolean
}): boolean {
  return (
    parameters.enabled &&
    parameters.caipNetwork !== undefined &&
    !parameters.unsupported &&
    parameters.caipNetwork.testnet !== true
  )
}

/**
 * Whether balances are read for a namespace at all: the app's `balance` option, and the namespace's
 * adapter not saying it reads none (`balances: false`, spec §6).
 */
export function balancesEnabled(
  appEnabled: boolean,
  adapter: { balances?: boolean | undefined } | undefined,
): boolean {
  return appEnabled && adapter?.balances !== false
}

/**
 * A failed balance fetch blocks the next attempt for 30 s ('Token Balance Unavailable', spec §9).
 * `state` is the balance query's state: its status and when it last failed.
 */
export function balanceRetryBlocked(
  state: { status: string; errorUpdatedAt: number } | undefined,
  now: number,
): boolean {
  return state?.status === 'error' && now - state.errorUpdatedAt < BALANCE_RETRY_MS
}

const formatter = new Intl.NumberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: NUMBER_DECIMALS,
  maximumFractionDigits: NUMBER_DECIMALS,
})

/**
 * A balance as the spec shows it: en-US, two decimals, rounded half away from zero
 * ('1234.5678' → '1,234.57'). Anything that is not a plain decimal gives the '0.00' fallback.
 */
export function formatBalance(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return BALANCE_FALLBACK
  // A string keeps every digit (a 30-digit wei amount would lose precision as a number).
  return formatter.format(value as unknown as number)
}
