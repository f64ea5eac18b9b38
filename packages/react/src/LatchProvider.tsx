'use client'
import { hydrate, type Latch } from '@latch/core'
import { type ReactNode, useEffect, useInsertionEffect, useMemo, useState } from 'react'
import { LatchContext } from './context.js'
import { MessagesContext } from './i18n/context.js'
import type { Messages } from './i18n/en.js'
import { enButtons } from './i18n/enButtons.js'
import { directionOf, type LocaleCode, loadMessages, matchLocale } from './i18n/locales.js'
import { ModalRoot } from './modal/ModalRoot.js'
import { warmUp } from './modal/warmUp.js'
import { injectStyles } from './styles/inject.js'
import { baseCss, buttonCss } from './styles/theme.js'

export interface LatchProviderProps {
  latch: Latch
  children?: ReactNode
  /**
   * The locale to use (`'ar'`, `'pt-BR'` …), e.g. the one the app renders on its server. Without
   * it the visitor's `navigator.languages` choose, after hydration (the server render and the
   * first client render are English). An unsupported locale falls back to English.
   */
  locale?: string | undefined
  /** Strings to override, by message id, over the locale's catalog. */
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
export function LatchProvider({ latch, children, locale, messages, nonce }: LatchProviderProps) {
  useInsertionEffect(() => injectStyles('base', baseCss + buttonCss, nonce), [nonce])
  useEffect(() => {
    void hydrate(latch)
    // Alerts are for the developer too: each one is logged once, as it appears.
    const logged = new Set<string>()
    const log = (alerts: readonly { id: string; message: string }[]) => {
      for (const alert of alerts) {
        if (logged.has(alert.id)) continue
        logged.add(alert.id)
        console.warn(`[latch] ${alert.message}`)
      }
    }
    log(latch.store.getState().alerts)
    const stop = latch.store.subscribe((s) => s.alerts, log)
    const preload = () => warmUp(latch)
    // requestIdleCallback is missing in some browsers (Safari): a short timeout stands in.
    const hasIdle = typeof window.requestIdleCallback === 'function'
    const idle = hasIdle ? window.requestIdleCallback(preload) : setTimeout(preload, 200)
    return () => {
      stop()
      if (hasIdle) window.cancelIdleCallback(idle as number)
      else clearTimeout(idle)
    }
  }, [latch])
  const [loaded, setLoaded] = useState<{ locale: LocaleCode; messages: Partial<Messages> }>({
    locale: 'en',
    messages: enButtons,
  })
  useEffect(() => {
    const wanted: LocaleCode =
      (locale !== undefined ? matchLocale([locale]) : matchLocale(navigator.languages ?? [])) ?? 'en'
    if (wanted === 'en') {
      setLoaded({ locale: 'en', messages: enButtons })
      return
    }
    let live = true
    loadMessages(wanted).then(
      (catalog) => {
        if (live) setLoaded({ locale: wanted, messages: catalog })
      },
      (error: unknown) => console.error(`[latch] the ${wanted} catalog failed to load`, error),
    )
    return () => {
      live = false
    }
  }, [locale])
  const value = useMemo(
    () => ({
      locale: loaded.locale,
      dir: directionOf(loaded.locale),
      messages: messages ? { ...loaded.messages, ...messages } : loaded.messages,
    }),
    [loaded, messages],
  )
  return (
    <LatchContext.Provider value={latch}>
      <MessagesContext.Provider value={value}>
        {children}
        <ModalRoot latch={latch} />
      </MessagesContext.Provider>
    </LatchContext.Provider>
  )
}
