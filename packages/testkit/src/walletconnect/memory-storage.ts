/**
 * A key-value store with the shape WalletConnect's `IKeyValueStorage` expects, held in memory.
 * In Node the library's default store writes files under the working directory; tests and
 * scripted peers want a fresh, private store instead. Values are copied in and out so callers
 * cannot change stored state by mutating what they passed or got back, as with a real store.
 */
export class MemoryStorage {
  readonly #items = new Map<string, unknown>()

  async getKeys(): Promise<string[]> {
    return [...this.#items.keys()]
  }

  // biome-ignore lint/suspicious/noExplicitAny: mirrors the library's IKeyValueStorage signature.
  async getEntries<T = any>(): Promise<[string, T][]> {
    return [...this.#items].map(([key, value]) => [key, structuredClone(value) as T])
  }

  // biome-ignore lint/suspicious/noExplicitAny: mirrors the library's IKeyValueStorage signature.
  async getItem<T = any>(key: string): Promise<T | undefined> {
    return this.#items.has(key) ? (structuredClone(this.#items.get(key)) as T) : undefined
  }

  async setItem<T>(key: string, value: T): Promise<void> {
    this.#items.set(key, structuredClone(value))
  }

  async removeItem(key: string): Promise<void> {
    this.#items.delete(key)
  }
}
