'use client'
import { hydrate, type Latch } from '@latch/core'
import { type ReactNode, useEffect, useInsertionEffect } from 'react'
import { LatchContext } from './context.js'
import { MessagesContext } from './i18n/context.js'
import { en, type Messages } from './i18n/en.js'
import { loadModal } from './modal/load.js'
import { ModalRoot } from './modal/ModalRoot.js'
import { injectStyles } from './styles/inject.js'
import { baseCss, buttonCss } from './styles/theme.js'

export interface LatchProviderProps {
  latch: Latch
  children?: ReactNode
  /** A message catalog for another language; missing ids fall back to English. */
  messages?: Partial<Messages> | undefined
  /** Nonce for the kit's <style> elements under a strict CSP. */
  nonce?: string | undefined
}

/**
 * Provides a Latch instance to the hooks and mounts the modal. On mount it restores the previous
 * session and, once the browser is idle, preloads the modal's code.
 *
 * @example
 * <LatchProvider latch={latch}><App /></LatchProvider>
 */
export function LatchProvider({ latch, children, messages, nonce }: LatchProviderProps) {
  useInsertionEffect(() => injectStyles('base', baseCss + buttonCss, nonce), [nonce])
  useEffect(() => {
    void hydrate(latch)
    for (const alert of latch.store.getState().alerts) console.warn(`[latch] ${alert.message}`)
    const preload = () => void loadModal().catch(() => {})
    if ('requestIdleCallback' in window) window.requestIdleCallback(preload)
    else setTimeout(preload, 200)
  }, [latch])
  const catalog = messages ? { ...en, ...messages } : en
  return (
    <LatchContext.Provider value={latch}>
      <MessagesContext.Provider value={catalog}>
        {children}
        <ModalRoot latch={latch} />
      </MessagesContext.Provider>
    </LatchContext.Provider>
  )
}
