/** CAIP-2 namespaces the registry knows about. */
export const chainNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof chainNamespaces)[number]

/** One wallet of the curated registry, as stored and served. */
export interface RegistryWallet {
  /** Stable slug, also the wallet's image id. */
  id: string
  name: string
  /** Reverse-DNS id the wallet announces over EIP-6963, when it has one. */
  rdns: string | null
  chains: ChainNamespace[]
  /** Deep-link scheme or universal link that opens the mobile app. */
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  homepage: string | null
  /** The wallet's page on the Chrome Web Store, App Store and Google Play, when it has one. */
  chrome_store: string | null
  app_store: string | null
  play_store: string | null
  badge_type: 'certified' | null
  /** Position in the default listing, ascending. */
  order: number
}

/** Kinds of images the server serves, one route each. */
export const imageKinds = ['wallet', 'asset', 'currency', 'token'] as const
export type ImageKind = (typeof imageKinds)[number]

/** An image stored in the database. */
export interface StoredImage {
  kind: ImageKind
  id: string
  contentType: string
  body: string
  etag: string
}
