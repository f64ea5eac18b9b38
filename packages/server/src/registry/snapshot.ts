import type { ChainNamespace, RegistryWallet } from './types.js'

/** The compact form of a wallet bundled with the kit: no images, homepage or badge. */
export interface SnapshotWallet {
  id: string
  name: string
  rdns?: string
  chains: readonly ChainNamespace[]
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  order: number
}

/** Reduce the registry to what the kit needs offline; absent links are left out to keep it small. */
export function toSnapshotWallets(wallets: readonly RegistryWallet[]): SnapshotWallet[] {
  return [...wallets]
    .sort((a, b) => a.order - b.order)
    .map((w) => {
      const entry: SnapshotWallet = { id: w.id, name: w.name, chains: [...w.chains], order: w.order }
      if (w.rdns !== null) entry.rdns = w.rdns
      if (w.mobile_link !== null) entry.mobile_link = w.mobile_link
      if (w.desktop_link !== null) entry.desktop_link = w.desktop_link
      if (w.webapp_link !== null) entry.webapp_link = w.webapp_link
      return entry
    })
}

/** The source of `packages/core/src/registry/snapshot.ts` (formatted afterwards by Biome). */
export function renderSnapshotModule(wallets: readonly RegistryWallet[]): string {
  return `// Generated from packages/server/registry/wallets.json by \`npm run build:snapshot -w @latch/server\`.
// Edit the dataset, not this file: a server test fails when the two disagree.

/** A wallet of the bundled registry snapshot; field names match the server's \`/getWallets\` items. */
export interface SnapshotWallet {
  id: string
  name: string
  rdns?: string
  chains: readonly ('eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos')[]
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  /** Position in the default listing, ascending. */
  order: number
}

/**
 * The wallet registry as of this release, used when no server is configured or it does not
 * answer. Kept in its own module so the kit loads it with \`import()\` only when needed.
 */
export const walletSnapshot: readonly SnapshotWallet[] = ${JSON.stringify(toSnapshotWallets(wallets))}
`
}
