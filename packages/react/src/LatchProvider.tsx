'use client'
import { hydrate, type Latch, teardown } from '@latch/core'
import { type ReactNode, useEffect, useInsertionEffect, useLayoutEffect } from 'react'
import { LatchContext } from './context.js'
import { MessagesContext } from './i18n/context.js'
import { en, type Messages } from './i18n/en.js'
import { ModalRoot } from './modal/ModalRoot.js'
import { warmUp } from './modal/warmUp.js'
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
 * paints, and once the browser is idle it preloads the modal's code. When the last provider of
 * an instance unmounts, the instance is torn down (`teardown`): no wallet watcher is left.
 *
 * @example
 * <LatchProvider latch={latch}><App /></LatchProvider>
 */
export function LatchProvider({ latch, children, messages, nonce }: LatchProviderProps) {
  useInsertionEffect(() => injectStyles('base', baseCss + buttonCss, nonce), [nonce])
  // Before paint, so a client-only app shows "Connecting…" for a stored session from its first
  // frame, and a server-rendered one switches from the server's view without a flash.
  useClientLayoutEffect(() => {
    retain(latch)
    void hydrate(latch)
    return () => release(latch)
  }, [latch])
  useEffect(() => {
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
