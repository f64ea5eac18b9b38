'use client'
import type { LatchState } from '@latch/core'
import { useCallback, useSyncExternalStore } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

/**
 * Reads a slice of the instance's state. `selector` must return a stable value (a state field,
 * not a new object) for React to skip renders.
 */
export function useLatchState<T>(selector: (state: LatchState) => T, parameters: UseLatchParameters = {}): T {
  const latch = useLatch(parameters)
  const subscribe = useCallback((onChange: () => void) => latch.store.subscribe(onChange), [latch])
  const get = () => selector(latch.store.getState())
  return useSyncExternalStore(subscribe, get, get)
}
