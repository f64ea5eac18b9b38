import { RECOMMENDED_WALLETS_COUNT } from '../constants.js'

/**
 * The "Popular" wallets of the Connect view for the namespace in use: the registry's wallets
 * (in registry order) made for it first (it is their first chain: Phantom, Solflare on Solana),
 * then the others that support it. Without a namespace, the recommended list as the registry
 * gave it.
 *
 * @example
 * popularFor({ namespace: 'solana', recommended, wallets: registry.wallets })
 */
export function popularFor<W extends { id: string; chains: readonly string[] }>(parameters: {
  namespace: string | undefined
  recommended: readonly W[]
  wallets: readonly W[]
  count?: number | undefined
}): readonly W[] {
  const { namespace, recommended } = parameters
  if (!namespace) return recommended
  const seen = new Set<string>()
  const candidates = [...parameters.wallets, ...recommended].filter((wallet) => {
    if (seen.has(wallet.id) || !wallet.chains.includes(namespace)) return false
    seen.add(wallet.id)
    return true
  })
  const made = candidates.filter((wallet) => wallet.chains[0] === namespace)
  const others = candidates.filter((wallet) => wallet.chains[0] !== namespace)
  return [...made, ...others].slice(0, parameters.count ?? RECOMMENDED_WALLETS_COUNT)
}
