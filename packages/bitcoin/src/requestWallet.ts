// Browser wallets that put a provider object with `request(method, params)` on the page (the
// WBIP001-style API of sats-connect): which the adapter looks for and where. The wrapper that
// speaks to them (`requestSide.ts`) loads with import() when one is connected.

/** A wallet with a `request` API on the page, and how the kit names it. */
export interface BitcoinRequestWallet {
  /** Where its provider is on `window`: a property path (`XverseProviders.BitcoinProvider`). */
  global: string
  name: string
  /** A data: or https: image. */
  icon?: string | undefined
  /** How it takes PSBTs: base64 with `signInputs` (sats-connect, the default) or hex (Leather). */
  psbt?: 'base64' | 'hex' | undefined
}

/** The request-API wallets the adapter looks for unless told otherwise. */
export const BITCOIN_REQUEST_WALLETS: readonly BitcoinRequestWallet[] = [
  { global: 'XverseProviders.BitcoinProvider', name: 'Xverse' },
  { global: 'LeatherProvider', name: 'Leather', psbt: 'hex' },
]

/** The provider object such a wallet puts on the page. */
export interface BitcoinRequestProvider {
  request(method: string, params?: unknown): Promise<unknown>
}

/** The object at `path` of the window, when it has a `request` function. */
export function requestProviderAt(path: string): BitcoinRequestProvider | undefined {
  if (typeof window === 'undefined') return undefined
  let node: unknown = window
  for (const part of path.split('.')) {
    if (node === null || (typeof node !== 'object' && typeof node !== 'function')) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  if (node === null || typeof node !== 'object') return undefined
  return typeof (node as Record<string, unknown>).request === 'function'
    ? (node as BitcoinRequestProvider)
    : undefined
}

/** Checks an app's entry: a property path of window and a name. */
export function checkRequestWallet(wallet: BitcoinRequestWallet): BitcoinRequestWallet {
  if (typeof wallet?.global !== 'string' || !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(wallet.global))
    throw new TypeError(
      `A Bitcoin wallet's global must be a property path of window, got ${String(wallet?.global)}.`,
    )
  if (typeof wallet.name !== 'string' || !wallet.name.trim())
    throw new TypeError(`The Bitcoin wallet at window.${wallet.global} needs a name.`)
  if (wallet.psbt !== undefined && wallet.psbt !== 'base64' && wallet.psbt !== 'hex')
    throw new TypeError(`The Bitcoin wallet at window.${wallet.global} takes PSBTs as base64 or hex.`)
  return wallet
}
