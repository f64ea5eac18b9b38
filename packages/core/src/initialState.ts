import { type LatchStorage, parseCookieHeader, readStored, STORAGE_KEYS, STORED_VALUES } from './storage.js'

/**
 * What the first render shows from the visitor's stored values: the namespace and network they
 * used last, the connector each namespace was connected with (shown as "Connecting…" until the
 * session is restored) and the wallet they picked last. Plain data, so a server component can
 * pass it to a client component.
 */
export interface LatchInitialState {
  activeNamespace?: string | undefined
  /** The network last used per namespace, as CAIP-2 ids (`{ eip155: 'eip155:8453' }`). */
  lastUsedNetworks?: Record<string, string> | undefined
  /** Connector id per namespace (`{ eip155: 'io.metamask' }`). */
  connectorIds?: Record<string, string> | undefined
  recentWallet?: string | undefined
}

const CONNECTOR_PREFIX = STORAGE_KEYS.connectorId('')
const NETWORK_PREFIX = STORAGE_KEYS.lastUsedNetwork('')
const NAMESPACE = /^[-a-z0-9]{3,8}$/

/**
 * Reads the kit's cookies from a request's `Cookie` header, on the server, into the initial state
 * that both the server render and the first client render start from. Pass the result to
 * `createLatch(options, { initialState })` on both sides; the browser's own cookies are read
 * later, by `hydrate`. Other cookies and malformed values are ignored.
 *
 * @example
 * // app/layout.tsx (a server component)
 * const initialState = cookieToInitialState((await headers()).get('cookie'))
 */
export function cookieToInitialState(cookie: string | null | undefined): LatchInitialState {
  const cookies = parseCookieHeader(cookie ?? '')
  const namespaces = new Set<string>()
  for (const key of cookies.keys()) {
    if (key.startsWith(CONNECTOR_PREFIX)) namespaces.add(key.slice(CONNECTOR_PREFIX.length))
    if (key.startsWith(NETWORK_PREFIX)) namespaces.add(key.slice(NETWORK_PREFIX.length))
  }
  const storage: LatchStorage = {
    getItem: (key) => cookies.get(key) ?? null,
    setItem: () => {},
    removeItem: () => {},
  }
  return readInitialState(storage, namespaces)
}

/** Reads the initial state from a storage, validating every value (corrupt ones are dropped). */
export function readInitialState(storage: LatchStorage, namespaces: Iterable<string>): LatchInitialState {
  const connectorIds: Record<string, string> = {}
  const lastUsedNetworks: Record<string, string> = {}
  for (const namespace of namespaces) {
    if (!NAMESPACE.test(namespace)) continue
    const id = readStored(storage, STORED_VALUES.connectorId(namespace))
    if (id) connectorIds[namespace] = id
    const network = readStored(storage, STORED_VALUES.lastUsedNetwork(namespace))
    if (network) lastUsedNetworks[namespace] = network
  }
  return sanitizeInitialState({
    activeNamespace: readStored(storage, STORED_VALUES.activeNamespace),
    lastUsedNetworks,
    connectorIds,
    recentWallet: readStored(storage, STORED_VALUES.recentWallet),
  })
}

/** Keeps only well-formed values of an initial state that came from outside the kit. */
export function sanitizeInitialState(input: LatchInitialState | undefined): LatchInitialState {
  const state: LatchInitialState = {}
  if (!input || typeof input !== 'object') return state
  const valid = <T>(value: unknown, check: { parse(raw: string): T | undefined }) =>
    typeof value === 'string' ? check.parse(value) : undefined
  const activeNamespace = valid(input.activeNamespace, STORED_VALUES.activeNamespace)
  if (activeNamespace) state.activeNamespace = activeNamespace
  const lastUsedNetworks: Record<string, string> = {}
  for (const [namespace, id] of Object.entries(input.lastUsedNetworks ?? {})) {
    const network = NAMESPACE.test(namespace)
      ? valid(id, STORED_VALUES.lastUsedNetwork(namespace))
      : undefined
    if (network) lastUsedNetworks[namespace] = network
  }
  if (Object.keys(lastUsedNetworks).length) state.lastUsedNetworks = lastUsedNetworks
  const recentWallet = valid(input.recentWallet, STORED_VALUES.recentWallet)
  if (recentWallet) state.recentWallet = recentWallet
  const connectorIds: Record<string, string> = {}
  for (const [namespace, id] of Object.entries(input.connectorIds ?? {})) {
    const connectorId = NAMESPACE.test(namespace)
      ? valid(id, STORED_VALUES.connectorId(namespace))
      : undefined
    if (connectorId) connectorIds[namespace] = connectorId
  }
  if (Object.keys(connectorIds).length) state.connectorIds = connectorIds
  return state
}
