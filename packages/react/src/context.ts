'use client'
import type { Latch } from '@latch/core'
import { createContext } from 'react'

export const LatchContext = createContext<Latch | undefined>(undefined)
