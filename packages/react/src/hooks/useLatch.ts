'use client'
import type { Latch } from '@latch/core'
import { useContext } from 'react'
import { LatchContext } from '../context.js'

export interface UseLatchParameters {
  /** An explicit instance; defaults to the one of the nearest <LatchProvider>. */
  latch?: Latch | undefined
}

/** The Latch instance of the nearest `<LatchProvider>` (or the explicit one). */
export function useLatch(parameters: UseLatchParameters = {}): Latch {
  const fromContext = useContext(LatchContext)
  const latch = parameters.latch ?? fromContext
  if (!latch) throw new Error('useLatch must be used within <LatchProvider> or be given a `latch`.')
  return latch
}
