'use client'
import { type DisconnectParameters, disconnect } from '@latch/core'
import { useCallback } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

/** Returns `disconnect(parameters?)`; see the core action for the cascade rules. */
export function useLatchDisconnect(parameters: UseLatchParameters = {}): {
  disconnect(parameters?: DisconnectParameters): Promise<void>
} {
  const latch = useLatch(parameters)
  return { disconnect: useCallback((p?: DisconnectParameters) => disconnect(latch, p), [latch]) }
}
