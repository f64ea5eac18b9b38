'use client'
import {
  darkTheme,
  lightTheme,
  midnightTheme,
  setThemeMode,
  setThemeVariables,
  type ThemeOptions,
  type ThemePreset,
  type ThemeVariables,
} from '@latch/core'
import { useEffect, useLayoutEffect, useState } from 'react'
import { LatchProvider, type LatchProviderProps } from '../../LatchProvider.js'

export { darkTheme, lightTheme, midnightTheme, type ThemeOptions, type ThemePreset }

/** RainbowKit's `theme`: one preset, or one per colour scheme of the visitor's system. */
export type RainbowKitTheme = ThemePreset | { lightMode: ThemePreset; darkMode: ThemePreset }

export interface RainbowKitProviderProps extends LatchProviderProps {
  /** `darkTheme({ accentColor, … })`, or `{ lightMode, darkMode }` to follow the system. */
  theme?: RainbowKitTheme | null | undefined
  /** `compact` (360px, the default) or `wide` (720px on wide screens). */
  modalSize?: 'compact' | 'wide' | undefined
}

const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}

/**
 * RainbowKit's provider over `LatchProvider`: its `theme` (the presets' result), `avatar` and
 * `modalSize` become the instance's theme mode and variables, on top of those the instance was
 * created with, before the first paint.
 *
 * @example
 * <RainbowKitProvider latch={latch} theme={darkTheme({ accentColor: '#7b3fe4' })}><App /></RainbowKitProvider>
 */
export function RainbowKitProvider({ theme, modalSize, ...props }: RainbowKitProviderProps) {
  const { latch } = props
  const [dark, setDark] = useState(false)
  const followsSystem = Boolean(theme && 'lightMode' in theme)
  useEffect(() => {
    if (!followsSystem || typeof matchMedia !== 'function') return
    setDark(prefersDark())
    const query = matchMedia('(prefers-color-scheme: dark)')
    const onChange = () => setDark(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [followsSystem])
  const preset = theme && 'lightMode' in theme ? (dark ? theme.darkMode : theme.lightMode) : theme
  // The effect runs when the preset or size changes by value (`key`), not on every new object.
  const key = JSON.stringify([preset, modalSize])
  useClientLayoutEffect(() => {
    const variables: ThemeVariables = { ...latch.options.themeVariables, ...preset?.themeVariables }
    if (modalSize === 'wide') variables['--latch-modal-width'] = '720px'
    setThemeVariables(latch, variables)
    if (preset) setThemeMode(latch, preset.themeMode)
  }, [latch, key])
  return <LatchProvider {...props} />
}
