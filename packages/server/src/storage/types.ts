import type { ImageKind, RegistryWallet, StoredImage } from '../registry/types.js'
import type { ActivityRepository } from './activity.js'
import type { EmbeddedRepository } from './embedded.js'
import type { OnrampRepository } from './onramp.js'
import type { PricesRepository } from './prices.js'
import type { SiwxRepository } from './siwx.js'
import type { SmartAccountsRepository } from './smart-accounts.js'
import type { SocialRepository } from './social.js'
import type { SwapsRepository } from './swaps.js'

/** Remote feature ids served by `/appkit/v1/config`, plus `analytics` for `/getAnalyticsConfig`. */
export const featureIds = [
  'social_login',
  'swap',
  'onramp',
  'activity',
  'reown_branding',
  'analytics',
] as const
export type FeatureId = (typeof featureIds)[number]

/** One feature's setting as a project stores it. */
export interface FeatureSetting {
  isEnabled: boolean
  config: unknown
}

/** A project: the unit that owns allowed origins and feature settings. */
export interface Project {
  id: string
  name: string
  /** Exact origins or patterns with wildcards, e.g. `https://*.example.com`. */
  allowedOrigins: string[]
  /** A development project also accepts `http://localhost:*` and `http://127.0.0.1:*`. */
  allowLocalhost: boolean
  features: Partial<Record<FeatureId, FeatureSetting>>
  createdAt: string
}

export interface NewProject {
  id: string
  name: string
  allowedOrigins: string[]
  allowLocalhost?: boolean
  features?: Partial<Record<FeatureId, FeatureSetting>>
}

/** The fields of a project that can change. */
export type ProjectPatch = Partial<Pick<Project, 'name' | 'allowedOrigins' | 'allowLocalhost' | 'features'>>

/** What `/getWallets` asks of the registry, already parsed and validated. */
export interface WalletQuery {
  page: number
  entries: number
  search?: string
  certifiedOnly?: boolean
  include?: string[]
  exclude?: string[]
  /** CAIP-2 namespaces; a wallet matches when it supports any of them. */
  namespaces?: string[]
}

export interface WalletPage {
  data: RegistryWallet[]
  count: number
}

/**
 * Everything the server keeps. Both backends implement it over the same SQL; the server holds
 * no state of its own, so any number of instances can share one PostgreSQL database.
 */
export interface Repository {
  readonly kind: 'sqlite' | 'postgres'
  /** Sign-in keys, sessions and chain RPC URLs. */
  readonly siwx: SiwxRepository
  /** Embedded wallet: users, devices, login attempts, sessions, shares and its server keys. */
  readonly embedded: EmbeddedRepository
  /** Embedded wallet's social logins: each project's OAuth clients, identities, attempts. */
  readonly social: SocialRepository
  /** The transactions indexer's cursors and the transfers it found. */
  readonly activity: ActivityRepository
  /** Each project's price source and the tokens it adds to the default list. */
  readonly prices: PricesRepository
  /** Each project's swap routers, by chain. */
  readonly swaps: SwapsRepository
  /** Each project's on-ramp providers and the purchases made through them. */
  readonly onramp: OnrampRepository
  /** Each project's ERC-4337 bundler and paymaster, by chain. */
  readonly smartAccounts: SmartAccountsRepository
  /** Apply pending migrations; safe to call from several instances at once. */
  migrate(): Promise<number[]>
  close(): Promise<void>
  /** Insert a project; rejects when the id is taken. */
  createProject(project: NewProject): Promise<Project>
  /** Insert a project unless the id is taken, atomically; resolves the stored project either way. */
  insertProject(project: NewProject): Promise<{ project: Project; created: boolean }>
  getProject(id: string): Promise<Project | undefined>
  listProjects(): Promise<Project[]>
  /**
   * Replace the given fields of a project; resolves undefined when it does not exist. A function
   * patch is computed from the current row inside the transaction that writes it, with the row
   * locked, so concurrent read-modify-write changes (e.g. two `add-origin`s) never lose one.
   */
  updateProject(
    id: string,
    patch: ProjectPatch | ((current: Project) => ProjectPatch),
  ): Promise<Project | undefined>
  /** Replace the whole registry (wallets and their images) in one transaction. */
  replaceRegistry(wallets: readonly RegistryWallet[], images: readonly StoredImage[]): Promise<void>
  countWallets(): Promise<number>
  queryWallets(query: WalletQuery): Promise<WalletPage>
  getImage(kind: ImageKind, id: string): Promise<StoredImage | undefined>
}
