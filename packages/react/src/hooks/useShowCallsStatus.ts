'use client'
import { type ShowCallsStatusParameters, showCallsStatus } from '@latch/core'
import { useCallback } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

/**
 * Returns `showCallsStatus({ id })`: the wallet shows the batch in its own window. A batch the
 * kit's fallback sent is unknown to the wallet and rejects with `CallsStatusNotShownError`.
 *
 * @example
 * const { showCallsStatus } = useShowCallsStatus()
 */
export function useShowCallsStatus(parameters: UseLatchParameters = {}): {
  showCallsStatus(parameters: ShowCallsStatusParameters): Promise<void>
} {
  const latch = useLatch(parameters)
  return {
    showCallsStatus: useCallback((p: ShowCallsStatusParameters) => showCallsStatus(latch, p), [latch]),
  }
}
