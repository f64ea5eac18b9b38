import type { ChainNamespace } from './types.js'

/**
 * Where the kit remembers things between visits. Synchronous so the first render can show the
 * restored state; implementations must never throw.
 */
export interface LatchStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const PREFIX = '@latch/'

/** Keys of everything the kit stores in the browser (the session keys of spec §3). */
export const STORAGE_KEYS = {
  /** The network last used on a namespace (a CAIP-2 id), restored on the next visit. */
  lastUsedNetwork: (namespace: ChainNamespace): string => `${PREFIX}last-used-network/${namespace}`,
  activeNamespace: `${PREFIX}active-namespace`,
  recentWallet: `${PREFIX}recent-wallet`,
  /** The connector a namespace was connected with, to reconnect it after a reload. */
  connectorId: (namespace: ChainNamespace): string => `${PREFIX}connected-connector/${namespace}`,
  /** The embedded wallet's login cache (spec §3): cleared at sign-out and by a negative connected check. */
  emailLoginUsed: `${PREFIX}email-login-used`,
  connectedEmail: `${PREFIX}connected-email`,
  /** The name the visitor goes by at the social provider they logged in with. */
  socialUsername: `${PREFIX}social-username`,
  lastEmailLoginTime: `${PREFIX}last-email-login-time`,
  /** The EVM chains the embedded wallet runs smart accounts on (spec §3: comma-joined references). */
  smartAccountEnabledNetworks: `${PREFIX}smart-account-enabled-networks`,
  /** The embedded wallet runs in its own window (this browser gives its frame no storage). */
  embeddedWalletWindow: `${PREFIX}embedded-wallet-window`,
  /** Transfers sent from the Account view that the transactions service does not list yet. */
  pendingTransactions: `${PREFIX}pending-transactions`,
} as const

/** A typed stored value: how it is written, and how it is read back (undefined when corrupt). */
export interface StoredValue<T> {
  key: string
  parse(raw: string): T | undefined
  serialize(value: T): string
}

const text = (key: string, pattern = /^[\s\S]{1,512}$/): StoredValue<string> => ({
  key,
  parse: (raw) => (pattern.test(raw) ? raw : undefined),
  serialize: (value) => value,
})
/** The stored values with their validation; read them with `readStored`. */
export const STORED_VALUES = {
  /** A CAIP-2 id of the namespace (`eip155:8453`). */
  lastUsedNetwork: (namespace: ChainNamespace): StoredValue<`${string}:${string}`> => ({
    key: STORAGE_KEYS.lastUsedNetwork(namespace),
    parse: (raw) =>
      raw.startsWith(`${namespace}:`) && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(raw)
        ? (raw as `${string}:${string}`)
        : undefined,
    serialize: (value) => value,
  }),
  activeNamespace: text(STORAGE_KEYS.activeNamespace, /^[-a-z0-9]{3,8}$/),
  recentWallet: text(STORAGE_KEYS.recentWallet, /^[\w.:-]{1,256}$/),
  connectorId: (namespace: ChainNamespace): StoredValue<string> =>
    text(STORAGE_KEYS.connectorId(namespace), /^[\w.:-]{1,256}$/),
  emailLoginUsed: {
    key: STORAGE_KEYS.emailLoginUsed,
    parse: (raw) => (raw === 'true' ? true : undefined),
    serialize: () => 'true',
  } satisfies StoredValue<true> as StoredValue<true>,
  embeddedWalletWindow: {
    key: STORAGE_KEYS.embeddedWalletWindow,
    parse: (raw) => (raw === 'true' ? true : undefined),
    serialize: () => 'true',
  } satisfies StoredValue<true> as StoredValue<true>,
  connectedEmail: text(STORAGE_KEYS.connectedEmail, /^[^\s@]{1,64}@[^\s@]{1,190}$/),
  socialUsername: text(STORAGE_KEYS.socialUsername, /^[\s\S]{1,100}$/),
  /** Unix milliseconds of the last email sent for a login (the 30 s throttle survives a reload). */
  lastEmailLoginTime: {
    key: STORAGE_KEYS.lastEmailLoginTime,
    parse: (raw) => (/^\d{1,15}$/.test(raw) ? Number(raw) : undefined),
    serialize: (value) => String(value),
  } satisfies StoredValue<number> as StoredValue<number>,
  smartAccountEnabledNetworks: {
    key: STORAGE_KEYS.smartAccountEnabledNetworks,
    parse: (raw) =>
      /^[1-9]\d{0,15}(,[1-9]\d{0,15}){0,199}$/.test(raw) ? raw.split(',').map(Number) : undefined,
    serialize: (value) => value.join(','),
  } satisfies StoredValue<number[]> as StoredValue<number[]>,
} as const

/**
 * Reads a stored value; a missing value (or a failing storage) gives undefined. A corrupt one
 * (edited by hand, written by another version, tampered with) is dropped with a warning, so it
 * never reaches an adapter.
 */
export function readStored<T>(storage: LatchStorage, value: StoredValue<T>): T | undefined {
  let raw: string | null
  try {
    raw = storage.getItem(value.key)
  } catch {
    return undefined
  }
  if (raw === null) return undefined
  const parsed = value.parse(raw)
  if (parsed === undefined) {
    console.warn(`[latch] Ignored an invalid stored value for ${value.key}.`)
    writeStored(storage, value, undefined)
  }
  return parsed
}

/** Writes a stored value; `undefined` removes it. Storage failures are ignored. */
export function writeStored<T>(storage: LatchStorage, value: StoredValue<T>, data: T | undefined): void {
  try {
    if (data === undefined) storage.removeItem(value.key)
    else storage.setItem(value.key, value.serialize(data))
  } catch {
    // Private mode or a full quota: the kit keeps working, it only forgets.
  }
}

/** In-memory storage: for tests, SSR and apps that want nothing persisted. */
export function createMemoryStorage(initial: Record<string, string> = {}): LatchStorage {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value))
    },
    removeItem: (key) => {
      items.delete(key)
    },
  }
}

/**
 * `window.localStorage`, resolved on each call so creating it does no I/O. Missing storage
 * (SSR, sandboxed frames) or one that throws (Safari private mode, quota) reads as empty.
 */
export function createLocalStorage(): LatchStorage {
  const get = (): Storage | undefined => {
    try {
      return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage
    } catch {
      return undefined
    }
  }
  return {
    getItem(key) {
      try {
        return get()?.getItem(key) ?? null
      } catch {
        return null
      }
    },
    setItem(key, value) {
      try {
        get()?.setItem(key, value)
      } catch {
        // Quota or privacy mode; nothing to do.
      }
    },
    removeItem(key) {
      try {
        get()?.removeItem(key)
      } catch {
        // As above.
      }
    },
  }
}

export interface CookieStorageParameters {
  /** The request's Cookie header on the server. Omit in the browser to use document.cookie. */
  cookie?: string | undefined
  /** Lifetime of written cookies, in seconds (default one year). */
  maxAgeSeconds?: number | undefined
}

/** Parses a Cookie header into a map; malformed pairs are skipped. */
export function parseCookieHeader(header: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index <= 0) continue
    try {
      const key = decodeURIComponent(part.slice(0, index).trim())
      if (!map.has(key)) map.set(key, decodeURIComponent(part.slice(index + 1).trim()))
    } catch {
      // A malformed escape in someone else's cookie must not break ours.
    }
  }
  return map
}

/**
 * Cookie storage, so a server render sees the same session as the browser. In the browser it
 * reads and writes `document.cookie`. On the server it reads the given Cookie header and keeps
 * writes in memory for that request; a server render usually needs only `cookieToInitialState`.
 *
 * A `cookie` given in the browser is a mistake (a server-side header copied into client code):
 * it would freeze the storage on that header and nothing would persist, so it is ignored with a
 * console warning and `document.cookie` is used.
 */
export function createCookieStorage(parameters: CookieStorageParameters = {}): LatchStorage {
  const maxAge = parameters.maxAgeSeconds ?? 365 * 24 * 60 * 60
  const inBrowser = typeof document !== 'undefined'
  if (inBrowser && parameters.cookie !== undefined)
    console.warn(
      '[latch] createCookieStorage({ cookie }) was called in the browser. The cookie header is for the server ' +
        '(pass cookieToInitialState(cookie) as initialState instead); it is ignored here and document.cookie is used.',
    )
  const doc = (): Document | undefined => (inBrowser ? document : undefined)
  const serverCookies = parseCookieHeader(parameters.cookie ?? '')
  const write = (key: string, value: string, age: number) => {
    const target = doc()
    if (!target) return
    try {
      target.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; path=/; max-age=${age}; samesite=lax`
    } catch {
      // Cookies disabled.
    }
  }
  return {
    getItem(key) {
      const target = doc()
      if (!target) return serverCookies.get(key) ?? null
      try {
        return parseCookieHeader(target.cookie).get(key) ?? null
      } catch {
        return null
      }
    },
    setItem(key, value) {
      serverCookies.set(key, value)
      write(key, value, maxAge)
    },
    removeItem(key) {
      serverCookies.delete(key)
      write(key, '', 0)
    },
  }
}
