'use client'
import { closeModal, goBack, type Latch, prefetch, preloadWalletImages } from '@latch/core'
import { type KeyboardEvent, useEffect, useId, useInsertionEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useLatchState } from '../hooks/useLatchState.js'
import { useT } from '../i18n/context.js'
import { injectStyles } from '../styles/inject.js'
import { themeAttributes } from '../styles/theme.js'
import { Alerts } from './Alerts.js'
import { modalCss } from './modal.css.js'
import { useViewTitle, ViewBody } from './views/index.js'

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/**
 * Loads the wallet list and project config, then the first wallet images (spec §9: 20, 2 s each).
 * Lives here so its code is in the modal's chunk.
 */
export function prefetchWallets(latch: Latch): void {
  void prefetch(latch).then(() => {
    const { featured, recommended, wallets } = latch.store.getState().registry
    return preloadWalletImages(latch, [...featured, ...recommended, ...wallets])
  })
}

/**
 * The dialog: a portal over the page, focus trapped inside and returned to the trigger on close,
 * Escape and outside click dismiss, everything outside made inert while it is open.
 */
export function Modal({ latch }: { latch: Latch }) {
  const open = useLatchState((s) => s.modal.open, { latch })
  useInsertionEffect(() => injectStyles('modal', modalCss), [])
  // Opening prefetches the wallet list (spec §4), also when the app opens the modal itself.
  useEffect(() => {
    if (open) prefetchWallets(latch)
  }, [open, latch])
  if (!open || typeof document === 'undefined') return null
  return createPortal(<Dialog latch={latch} />, document.body)
}

function Dialog({ latch }: { latch: Latch }) {
  const t = useT()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const portalRef = useRef<HTMLDivElement>(null)
  const themeMode = useLatchState((s) => s.themeMode, { latch })
  const themeVariables = useLatchState((s) => s.themeVariables, { latch })
  const shake = useLatchState((s) => s.modal.shake, { latch })
  const history = useLatchState((s) => s.router.history, { latch })
  const entry = history.at(-1) ?? { view: 'Connect' as const }
  const title = useViewTitle(latch, entry)

  useEffect(() => {
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const portal = portalRef.current
    const hidden: Element[] = []
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === portal || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue
      sibling.setAttribute('inert', '')
      hidden.push(sibling)
    }
    return () => {
      for (const el of hidden) el.removeAttribute('inert')
      if (trigger?.isConnected) trigger.focus()
    }
  }, [])

  // Each new view gets focus on its first control (or the dialog itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus when the view changes
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (dialog.contains(document.activeElement) && document.activeElement !== dialog) return
    const target =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
    ;(target ?? dialog).focus()
  }, [entry.view])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      closeModal(latch)
      return
    }
    if (event.key !== 'Tab') return
    const items = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    )
    const first = items[0]
    const last = items.at(-1)
    if (!first || !last) {
      event.preventDefault()
      return
    }
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === dialogRef.current)
    ) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const canGoBack = history.length > 1
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: outside click dismisses; keyboard users have Escape and the close button
    <div
      ref={portalRef}
      {...themeAttributes(themeMode, themeVariables)}
      className="latch-portal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeModal(latch)
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="latch-dialog"
        data-shake={shake}
        data-view={entry.view}
        data-testid="latch-modal"
        onKeyDown={onKeyDown}
      >
        <div className="latch-header">
          {canGoBack ? (
            <button
              type="button"
              className="latch-icon-button"
              aria-label={t('modal.back')}
              onClick={() => goBack(latch)}
            >
              <span aria-hidden="true">‹</span>
            </button>
          ) : (
            <span />
          )}
          <h2 id={titleId} className="latch-title" key={title}>
            {title}
          </h2>
          <button
            type="button"
            className="latch-icon-button"
            aria-label={t('modal.close')}
            onClick={() => closeModal(latch)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <Alerts latch={latch} />
        <div className="latch-body" key={entry.view}>
          <ViewBody latch={latch} entry={entry} />
        </div>
      </div>
    </div>
  )
}
