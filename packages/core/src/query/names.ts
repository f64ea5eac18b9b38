import { withNamespace } from '../actions/_shared.js'
import type { Latch } from '../createLatch.js'
import { accountReducer } from '../rules/account.js'
import type { ChainNamespace } from '../types.js'

export interface NameQueryParameters {
  namespace: ChainNamespace
  address: string
}

/** An account's name and the avatar to show beside it (through the app's server, or none). */
export interface NameQueryData {
  name: string
  avatarUrl: string | undefined
}

export interface ResolveNameQueryParameters {
  namespace: ChainNamespace
  name: string
}

// Names change rarely: read once per account for a while, and never again on a window focus.
const staleTime = 5 * 60_000

/** The stable key of an account's name. */
export function nameQueryKey({ namespace, address }: NameQueryParameters) {
  return ['latch', 'name', { namespace, address: address.toLowerCase() }] as const
}

/** The stable key of the address a typed name resolves to. */
export function resolveNameQueryKey({ namespace, name }: ResolveNameQueryParameters) {
  return ['latch', 'resolveName', { namespace, name: name.trim().toLowerCase() }] as const
}

// Avatar records that are a URL the server's image route may fetch (its own policy decides the
// hosts): anything else (an NFT reference, data:, javascript:) gets no avatar.
const AVATAR_URL = /^(?:https?|ipfs):\/\//i

/**
 * The avatar record as an image URL of the app's server (`/account/v1/nft-image`, the route NFT
 * images take: fetched there, checked to be a raster image within the size limit); none without
 * `apiUrl` or for a record that is not such a URL. Never the record's own URL.
 */
export function avatarImageUrl(latch: Latch, avatar: string | undefined): string | undefined {
  const { apiUrl, projectId } = latch.options
  if (!apiUrl || !avatar || avatar.length > 2048 || !AVATAR_URL.test(avatar)) return undefined
  const query = new URLSearchParams({ url: avatar, ...(projectId ? { projectId } : {}) })
  return `${apiUrl.replace(/\/+$/, '')}/account/v1/nft-image?${query}`
}

/**
 * Query options for an account's name (ENS primary name for eip155, through the app's own
 * Ethereum RPC) and its avatar. `null` when it has none; disabled where the namespace's adapter
 * reads no names.
 *
 * @example
 * const profile = await queryClientOf(latch).fetchQuery(nameQueryOptions(latch, { namespace: 'eip155', address }))
 */
export function nameQueryOptions(latch: Latch, parameters: NameQueryParameters) {
  const adapter = latch.adapters.get(parameters.namespace)
  return {
    queryKey: nameQueryKey(parameters),
    queryFn: async (): Promise<NameQueryData | null> => {
      const found = await adapter?.lookupName?.({ address: parameters.address })
      const data =
        found && typeof found.name === 'string' && found.name !== ''
          ? { name: found.name, avatarUrl: avatarImageUrl(latch, found.avatar) }
          : null
      // The account's `profileName` / `profileImage` (spec §3) follow, for this address only.
      const { namespace, address } = parameters
      latch.store.setState((state) => {
        const account = state.namespaces[namespace]?.account
        if (!account) return state
        const next = accountReducer(account, {
          type: 'profile',
          address,
          name: data?.name,
          image: data?.avatarUrl,
        })
        return next === account ? state : withNamespace(state, namespace, { account: next })
      })
      return data
    },
    retry: false,
    refetchOnWindowFocus: false,
    staleTime,
    enabled: Boolean(adapter?.lookupName),
  } as const
}

/**
 * Query options for the address a typed name points at (ENS for eip155), in the chain's
 * canonical form; `null` when it points nowhere. Disabled where the adapter resolves no names.
 *
 * @example
 * const to = await queryClientOf(latch).fetchQuery(resolveNameQueryOptions(latch, { namespace: 'eip155', name: 'alice.eth' }))
 */
export function resolveNameQueryOptions(latch: Latch, parameters: ResolveNameQueryParameters) {
  const adapter = latch.adapters.get(parameters.namespace)
  return {
    queryKey: resolveNameQueryKey(parameters),
    queryFn: async (): Promise<string | null> =>
      (await adapter?.resolveName?.({ name: parameters.name.trim() })) ?? null,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime,
    enabled: Boolean(adapter?.resolveName),
  } as const
}
