/**
 * A tiny external store: state + get/set + subscribe with an optional selector. One per
 * instance; nothing at module level.
 */
type Listener<T> = (value: T, previous: T) => void

export interface Store<S> {
  getState(): S
  /** Replace state with the result of `update`. Listeners run when the reference changes. */
  setState(update: S | ((state: S) => S)): void
  subscribe(listener: Listener<S>): () => void
  subscribe<T>(
    selector: (state: S) => T,
    listener: Listener<T>,
    options?: { equalityFn?: (a: T, b: T) => boolean; fireImmediately?: boolean },
  ): () => void
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial
  const listeners = new Set<(next: S, previous: S) => void>()

  function subscribe<T>(
    selectorOrListener: ((state: S) => T) | Listener<S>,
    maybeListener?: Listener<T>,
    options: { equalityFn?: (a: T, b: T) => boolean; fireImmediately?: boolean } = {},
  ): () => void {
    if (!maybeListener) {
      const listener = selectorOrListener as Listener<S>
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
    const selector = selectorOrListener as (state: S) => T
    const equal = options.equalityFn ?? Object.is
    let current = selector(state)
    const wrapped = (next: S) => {
      const value = selector(next)
      if (equal(value, current)) return
      const previous = current
      current = value
      maybeListener(value, previous)
    }
    listeners.add(wrapped)
    if (options.fireImmediately) maybeListener(current, current)
    return () => listeners.delete(wrapped)
  }

  return {
    getState: () => state,
    setState(update) {
      const next = typeof update === 'function' ? (update as (s: S) => S)(state) : update
      if (Object.is(next, state)) return
      const previous = state
      state = next
      for (const listener of [...listeners]) listener(state, previous)
    },
    subscribe: subscribe as Store<S>['subscribe'],
  }
}
