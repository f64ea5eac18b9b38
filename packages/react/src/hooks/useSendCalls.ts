'use client'
import { type SendCallsParameters, type SendCallsReturnType, sendCalls } from '@latch/core'
import { useCallback } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

/**
 * Returns `sendCalls(parameters)`: an EIP-5792 batch through the wallet's `wallet_sendCalls`, or
 * the kit's one-call-at-a-time fallback (see the core action). Follow it with `useCallsStatus`.
 *
 * @example
 * const { sendCalls } = useSendCalls()
 * const { id } = await sendCalls({ calls: [{ to, value: 1n }, { to: token, data }] })
 */
export function useSendCalls(parameters: UseLatchParameters = {}): {
  sendCalls(parameters: SendCallsParameters): Promise<SendCallsReturnType>
} {
  const latch = useLatch(parameters)
  return { sendCalls: useCallback((p: SendCallsParameters) => sendCalls(latch, p), [latch]) }
}
