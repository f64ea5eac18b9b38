import type { Connector, RegistryWallet } from '../types.js'

/** Wallets a mobile visitor can still use without a mobile link (spec §5). */
const MOBILE_WITHOUT_LINK = 'coinbase'
const SOLANA_MOBILE_WALLETS: readonly string[] = ['phantom', 'solflare']

/**
 * The mobile rule of spec §5: on mobile a wallet is kept only with a mobile link, or when it is
 * Coinbase, or Phantom/Solflare while the app offers Solana.
 */
export function filterMobileWallets(
  wallets: readonly RegistryWallet[],
  parameters: { namespaces: readonly string[] },
): RegistryWallet[] {
  const solana = parameters.namespaces.includes('solana')
  return wallets.filter(
    (wallet) =>
      Boolean(wallet.mobileLink) ||
      wallet.id === MOBILE_WITHOUT_LINK ||
      (solana && SOLANA_MOBILE_WALLETS.includes(wallet.id)),
  )
}

/** With a universal provider, a wallet without any mobile, desktop or web app link is of no use (§5). */
export function filterLinkedWallets(wallets: readonly RegistryWallet[]): RegistryWallet[] {
  return wallets.filter((wallet) => wallet.mobileLink || wallet.desktopLink || wallet.webappLink)
}

/**
 * Registry wallets minus those already listed as installed connectors (same rdns or registry
 * id), so the modal never shows one wallet twice.
 *
 * @example
 * const rows = withoutInstalled(state.registry.wallets, state.connectors.eip155 ?? [])
 */
export function withoutInstalled(
  wallets: readonly RegistryWallet[],
  connectors: readonly Connector[],
): RegistryWallet[] {
  const rdns = new Set<string>()
  const ids = new Set<string>()
  for (const connector of connectors) {
    if (connector.rdns) rdns.add(connector.rdns)
    if (connector.explorerId) ids.add(connector.explorerId)
  }
  return wallets.filter((wallet) => !(wallet.rdns && rdns.has(wallet.rdns)) && !ids.has(wallet.id))
}
