/** The subset of the Web Storage API the wallet needs. */
export interface WalletStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** In-memory storage: the fallback outside browsers, and a way for tests to simulate a reload. */
export function createMemoryStorage(): WalletStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

export function defaultStorage(): WalletStorage {
  try {
    const storage = (globalThis as { localStorage?: WalletStorage }).localStorage
    if (storage && typeof storage.getItem === 'function') return storage
  } catch {
    // Access to localStorage throws in sandboxed frames; fall back to memory.
  }
  return createMemoryStorage()
}

/** What the wallet remembers across reloads, like a real wallet's per-site permission. */
export interface PersistedWalletState {
  authorized: boolean
  accountIndex: number
  chainId: number
}

export function readPersisted(storage: WalletStorage, key: string): Partial<PersistedWalletState> {
  let raw: string | null
  try {
    raw = storage.getItem(key)
  } catch {
    return {}
  }
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return {}
    const record = value as Record<string, unknown>
    const result: Partial<PersistedWalletState> = {}
    if (typeof record.authorized === 'boolean') result.authorized = record.authorized
    if (Number.isSafeInteger(record.accountIndex)) result.accountIndex = record.accountIndex as number
    if (Number.isSafeInteger(record.chainId)) result.chainId = record.chainId as number
    return result
  } catch {
    return {}
  }
}

export function writePersisted(storage: WalletStorage, key: string, state: PersistedWalletState): void {
  try {
    storage.setItem(key, JSON.stringify(state))
  } catch {
    // A full or blocked storage only costs the restore after reload.
  }
}
