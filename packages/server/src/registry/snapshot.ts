import type { ChainNamespace, RegistryWallet } from './types.js'

/** The compact form of a wallet bundled with the kit: no badge; logos live in their own module. */
export interface SnapshotWallet {
  id: string
  name: string
  rdns?: string
  chains: readonly ChainNamespace[]
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  homepage?: string
  chrome_store?: string
  app_store?: string
  play_store?: string
  order: number
}

const optionalLinks = [
  'mobile_link',
  'desktop_link',
  'webapp_link',
  'homepage',
  'chrome_store',
  'app_store',
  'play_store',
] as const

/** Reduce the registry to what the kit needs offline; absent links are left out to keep it small. */
export function toSnapshotWallets(wallets: readonly RegistryWallet[]): SnapshotWallet[] {
  return [...wallets]
    .sort((a, b) => a.order - b.order)
    .map((w) => {
      const entry: SnapshotWallet = { id: w.id, name: w.name, chains: [...w.chains], order: w.order }
      if (w.rdns !== null) entry.rdns = w.rdns
      for (const key of optionalLinks) {
        const link = w[key]
        if (link !== null) entry[key] = link
      }
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
  homepage?: string
  /** The wallet's page on the Chrome Web Store, App Store and Google Play. */
  chrome_store?: string
  app_store?: string
  play_store?: string
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

/** The source of `packages/core/src/registry/snapshotLogos.ts`: every snapshot wallet's logo. */
export function renderSnapshotLogosModule(logos: ReadonlyMap<string, string>): string {
  return `// Generated from packages/server/registry/logos.json by \`npm run build:snapshot -w @latch/server\`.
// The logos come from MIT-licensed icon sets (see that file); a server test fails when the two disagree.

/**
 * Every wallet of the bundled snapshot's logo, as SVG text shown only through <img> (never as
 * markup). Its own module, loaded with \`import()\` beside the snapshot, so no first load carries it.
 */
export const walletLogos: Readonly<Record<string, string>> = ${JSON.stringify(Object.fromEntries(logos))}
`
}
