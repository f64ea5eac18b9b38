'use client'
import type { LatchEvent } from '@latch/core'
import { useEffect, useRef } from 'react'
import { type UseLatchParameters, useLatch } from './useLatch.js'

/**
 * Calls `listener` for every event of the instance (modal opened, wallet connected, …). Events
 * stay in the page: nothing is reported over the network.
 */
export function useLatchEvents(
  listener: (event: LatchEvent) => void,
  parameters: UseLatchParameters = {},
): void {
  const latch = useLatch(parameters)
  const ref = useRef(listener)
  ref.current = listener
  useEffect(() => latch.events.subscribe((event) => ref.current(event as LatchEvent)), [latch])
}
