/**
 * Items that arrive by event, taken one at a time by `next()`: whatever arrived first, or the
 * next one to arrive, so a test can call `approveNext()` before or after the proposal lands.
 */
export class Queue<T> {
  readonly #items: T[] = []
  readonly #waiters: { resolve: (item: T) => void; reject: (error: Error) => void }[] = []
  #closed = false

  /** Items that arrived and wait to be taken. */
  get length(): number {
    return this.#items.length
  }

  push(item: T): void {
    const waiter = this.#waiters.shift()
    if (waiter) waiter.resolve(item)
    else this.#items.push(item)
  }

  next(timeoutMs: number, what: string): Promise<T> {
    if (this.#items.length > 0) return Promise.resolve(this.#items.shift() as T)
    if (this.#closed) return Promise.reject(new Error(`Stopped while waiting for a ${what}`))
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(waiter)
        if (index >= 0) this.#waiters.splice(index, 1)
        reject(new Error(`No ${what} within ${timeoutMs} ms`))
      }, timeoutMs)
      const waiter = {
        resolve: (item: T) => {
          clearTimeout(timer)
          resolve(item)
        },
        reject: (error: Error) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      this.#waiters.push(waiter)
    })
  }

  /** Fails every pending `next()`. */
  close(): void {
    this.#closed = true
    for (const waiter of this.#waiters.splice(0)) waiter.reject(new Error('Stopped'))
  }
}
