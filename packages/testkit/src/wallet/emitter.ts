type Listener = (...args: unknown[]) => void

/** The minimal EventEmitter surface EIP-1193 asks of a provider (`on` / `removeListener`). */
export class ProviderEventEmitter {
  readonly #listeners = new Map<string, Set<Listener>>()

  on(event: string, listener: Listener): this {
    let set = this.#listeners.get(event)
    if (!set) {
      set = new Set()
      this.#listeners.set(event, set)
    }
    set.add(listener)
    return this
  }

  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.removeListener(event, wrapped)
      listener(...args)
    }
    return this.on(event, wrapped)
  }

  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener)
    return this
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  listenerCount(event: string): number {
    return this.#listeners.get(event)?.size ?? 0
  }

  emit(event: string, ...args: unknown[]): boolean {
    const set = this.#listeners.get(event)
    if (!set || set.size === 0) return false
    for (const listener of [...set]) {
      try {
        listener(...args)
      } catch (error) {
        // One faulty dapp listener must not stop the others, nor the wallet.
        queueMicrotask(() => {
          throw error
        })
      }
    }
    return true
  }
}
