'use client'
import { hydrate, type Latch, teardown } from '@latch/core'
import { applyStoredState, embeddedWalletOf } from '@latch/core/internal'
import { type ReactNode, useEffect, useInsertionEffect, useLayoutEffect, useMemo, useState } from 'react'
import { AppearanceContext, type AvatarComponent, type FormatAccountName } from './components/appearance.js'
import { LatchContext } from './context.js'
import { MessagesContext } from './i18n/context.js'
import type { Messages } from './i18n/en.js'
import { enButtons } from './i18n/enButtons.js'
import { directionOf, type LocaleCode, loadMessages, matchLocale } from './i18n/locales.js'
import { whenIdle } from './idle.js'
import { loadModal } from './modal/load.js'
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
  /**
   * Drawn in place of the kit's avatar in the Account button and the Account view (RainbowKit's
   * `avatar`). It receives the address, the ENS avatar where there is one, and the size.
   */
  avatar?: AvatarComponent | undefined
  /** The text shown for the account (by default its ENS name, else the shortened address). */
  formatAccountName?: FormatAccountName | undefined
}

// Layout effects do not run on the server; React 18 warns about them there, so effects stand in.
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * How many mounted providers use an instance, and the teardown waiting for none to be left.
 * Keyed by instance, so instances never share anything.
 */
const mounts = new WeakMap<Latch, { count: number; pending: ReturnType<typeof setTimeout> | undefined }>()

function retain(latch: Latch): void {
  const entry = mounts.get(latch) ?? { count: 0, pending: undefined }
  entry.count++
  clearTimeout(entry.pending)
  entry.pending = undefined
  mounts.set(latch, entry)
}

function release(latch: Latch): void {
  const entry = mounts.get(latch)
  if (!entry) return
  entry.count--
  if (entry.count > 0) return
  // Deferred: React's strict mode unmounts and mounts again at once, and a restore running then
  // must not be started twice; a provider that is really gone tears down on the next task.
  entry.pending = setTimeout(() => {
    if (entry.count > 0) return
    mounts.delete(latch)
    teardown(latch)
  }, 0)
}

/**
 * Provides a Latch instance to the hooks and mounts the modal. On mount it runs `hydrate` (the
 * browser's stored values, wallet discovery, restoring the previous session) before the browser
 * paints; after the first paint it reads the project config, and once the browser is idle it
 * preloads the modal's code. When the last provider of an instance unmounts, the instance is torn
 * down (`teardown`): no wallet watcher is left.
 *
 * @example
 * <LatchProvider latch={latch}><App /></LatchProvider>
 */
export function LatchProvider({
  latch,
  children,
  locale,
  messages,
  nonce,
  avatar,
  formatAccountName,
}: LatchProviderProps) {
  useInsertionEffect(() => injectStyles('base', baseCss + buttonCss, nonce), [nonce])
  // Before paint: the browser's stored values (a cheap, synchronous read), so a client-only app
  // shows "Connecting…" for a stored session from its first frame, and a server-rendered one
  // switches from the server's view without a flash.
  useClientLayoutEffect(() => {
    applyStoredState(latch)
  }, [latch])
  // After paint: wallet discovery, wallet events and the restore itself (hydrate does not read
  // the stored values a second time).
  useEffect(() => {
    retain(latch)
    void hydrate(latch)
    return () => release(latch)
  }, [latch])
  useEffect(() => {
    // After first paint, before anything else the modal needs: the project config says which
    // login methods the modal offers (spec §4), so it is read at once, not once the browser is
    // idle and the wallet lists have answered. Its reader is in the modal's chunk, which is
    // fetched for it now rather than at idle: a chunk of its own would share core's HTTP helper
    // and errors with the first load, and bundlers then cut the first load into more chunks.
    if (latch.options.apiUrl === undefined || latch.options.basic) return
    loadModal().then(
      (module) => module.readProjectConfig(latch),
      () => {},
    )
  }, [latch])
  useEffect(() => {
    // Once the browser is idle: the modal's code, the wallet list and the project config.
    return whenIdle(() => warmUp(latch))
  }, [latch])
  const [loaded, setLoaded] = useState<{ locale: LocaleCode; messages: Partial<Messages> }>({
    locale: 'en',
    messages: enButtons,
  })
  useEffect(() => {
    const wanted: LocaleCode =
      (locale !== undefined ? matchLocale([locale]) : matchLocale(navigator.languages ?? [])) ?? 'en'
    // The embedded wallet's frame shows its own screens in the modal's language.
    embeddedWalletOf(latch)?.embedded.setLocale(wanted)
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
  }, [locale, latch])
  const value = useMemo(
    () => ({
      locale: loaded.locale,
      dir: directionOf(loaded.locale),
      messages: messages ? { ...loaded.messages, ...messages } : loaded.messages,
    }),
    [loaded, messages],
  )
  const appearance = useMemo(() => ({ avatar, formatAccountName }), [avatar, formatAccountName])
  return (
    <LatchContext.Provider value={latch}>
      <MessagesContext.Provider value={value}>
        <AppearanceContext.Provider value={appearance}>
          {children}
          <ModalRoot latch={latch} />
        </AppearanceContext.Provider>
      </MessagesContext.Provider>
    </LatchContext.Provider>
  )
}
