'use client'
import { closeModal, type Latch, prefetch, preloadWalletImages } from '@latch/core'
import { embeddedWalletOf, goBack, loadProjectConfig } from '@latch/core/internal'
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import { useLatchState } from '../hooks/useLatchState.js'
import { MessagesContext, useLocale, useT } from '../i18n/context.js'
import { en, type MessageId } from '../i18n/en.js'
import { whenIdle } from '../idle.js'
import { injectStyles } from '../styles/inject.js'
import { overlayBlurred, themeAttributes } from '../styles/theme.js'
import { Alerts } from './Alerts.js'
import { useFrameShown } from './frameCover.js'
import { modalCss } from './modal.css.js'
import { lockScroll, scrollbarGap } from './scrollLock.js'
import { type ModalSession, ModalSessionContext } from './session.js'
import { BackIcon } from './views/icons.js'
import { useViewTitle, ViewBody } from './views/index.js'

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** Instances whose first wallet images were already asked for. */
const preloaded = new WeakSet<Latch>()

/**
 * Loads the wallet list and project config, then the first wallet images (spec §9: 20, 2 s each).
 * Lives here so its code is in the modal's chunk. The images are asked for once per instance:
 * asked again on every opening, their 20 loads started in the opening's own task, before its
 * first frame, for images the list was drawing anyway.
 * @public used through the module `load.ts` imports with import()
 */
export function prefetchWallets(latch: Latch): void {
  void prefetch(latch).then(() => {
    if (preloaded.has(latch)) return
    preloaded.add(latch)
    const { featured, recommended, wallets } = latch.store.getState().registry
    return preloadWalletImages(latch, [...featured, ...recommended, ...wallets])
  })
}

/**
 * Reads the project config as soon as the provider has painted (spec §4: what the modal offers is
 * the operator's), ahead of the wallet lists `prefetchWallets` loads when the browser is idle.
 * @public used through the module `load.ts` imports with import()
 */
export function readProjectConfig(latch: Latch): void {
  void loadProjectConfig(latch, { embedded: embeddedWalletOf(latch) !== undefined })
}

/**
 * The dialog: a portal over the page, focus trapped inside and returned to the trigger on close,
 * Escape and outside click dismiss, everything outside made inert while it is open.
 *
 * While closed, and when the next opening shows Connect, the dialog stays in the page **parked**:
 * rendered, styled and laid out, but hidden, inert and out of the accessibility tree. An opening
 * then only shows it and draws it, instead of creating, styling and laying out its sixty-odd
 * elements in the click's own frame (docs/decisions.md). Connect fetches nothing by itself, so a
 * parked Connect costs the page nothing but its elements; any other view is never parked.
 * @public used through the module `load.ts` imports with import()
 */
export function Modal({ latch, toast }: { latch: Latch; toast?: ToastRequest | undefined }) {
  const open = useLatchState((s) => s.modal.open, { latch })
  const next = useLatchState((s) => s.router.history.at(-1)?.view ?? 'Connect', { latch })
  // Kept mounted for the close animation (spec §2: 150 ms), none when motion is reduced.
  const [leaving, setLeaving] = useState(false)
  const wasOpen = useRef(open)
  useInsertionEffect(() => injectStyles('modal', modalCss), [])
  // Parked once the browser is idle: never in the frames that draw the page's own first view.
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  // Opening prefetches the wallet list (spec §4), also when the app opens the modal itself.
  useEffect(() => {
    if (open) prefetchWallets(latch)
  }, [open, latch])
  useEffect(() => {
    const closed = wasOpen.current && !open
    wasOpen.current = open
    if (!closed || reducedMotion()) {
      setLeaving(false)
      return
    }
    setLeaving(true)
    const timer = setTimeout(() => setLeaving(false), CLOSE_MS)
    return () => clearTimeout(timer)
  }, [open])
  if (typeof document === 'undefined') return null
  const floating = toast ? <FloatingToast key={toast.at} toast={toast} /> : null
  const parked = !open && !leaving
  if (parked && (next !== 'Connect' || !idle))
    return floating && createPortal(<ModalMessages>{floating}</ModalMessages>, document.body)
  return createPortal(
    <ModalMessages>
      <Dialog latch={latch} closing={!open} parked={parked} />
      {floating}
    </ModalMessages>,
    document.body,
  )
}

/** A message for the visitor outside any view (spec §5: 'Action not allowed'), at `at`. */
export interface ToastRequest {
  id: 'ACTION_NOT_ALLOWED' | 'SIWX_INIT_FAILED' | 'WALLET_WINDOW_CLOSED'
  at: number
}

/** Each toast's catalog text, by the id core sends (never its English message). */
const TOAST_TEXT = {
  ACTION_NOT_ALLOWED: 'toast.actionNotAllowed',
  SIWX_INIT_FAILED: 'toast.siwxInitFailed',
  WALLET_WINDOW_CLOSED: 'toast.walletWindowClosed',
} as const satisfies Record<ToastRequest['id'], MessageId>

/** Shown above the page (and the modal) for 3 s, announced politely; never takes the focus. */
function FloatingToast({ toast }: { toast: ToastRequest }) {
  const t = useT()
  const [shown, setShown] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), 3000)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div data-latch="" className="latch-toast-layer">
      <div role="status" className="latch-toast" data-testid="latch-action-toast" data-shown={shown}>
        {shown ? t(TOAST_TEXT[toast.id]) : ''}
      </div>
    </div>
  )
}

const CLOSE_MS = 150

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

function Dialog({ latch, closing, parked }: { latch: Latch; closing: boolean; parked: boolean }) {
  const t = useT()
  const { locale, dir } = useLocale()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const portalRef = useRef<HTMLDivElement>(null)
  const themeMode = useLatchState((s) => s.themeMode, { latch })
  const themeVariables = useLatchState((s) => s.themeVariables, { latch })
  const shake = useLatchState((s) => s.modal.shake, { latch })
  const history = useLatchState((s) => s.router.history, { latch })
  // While the dialog animates out, it keeps showing the view it had (closing resets the router).
  const shown = useRef(history.at(-1) ?? { view: 'Connect' as const })
  if (!closing || parked) shown.current = history.at(-1) ?? { view: 'Connect' as const }
  const entry = shown.current
  const contentRef = useRef<HTMLDivElement>(null)
  useContentHeight(contentRef)
  const drag = useSheetDrag(dialogRef, () => closeModal(latch))
  const title = useViewTitle(latch, entry)
  const frameShown = useFrameShown()

  // One object per opening: what the views keep while the visitor moves back and forth (the
  // search text of AllWallets), dropped when the modal closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new one for each opening
  const session = useMemo<ModalSession>(() => ({ search: '' }), [closing])
  const closingRef = useRef(closing)
  closingRef.current = closing
  // Measured when an opening renders, before its elements are in the page (see scrollbarGap).
  const gap = useMemo(() => (closing ? 0 : scrollbarGap()), [closing])

  useEffect(() => {
    if (closing) return
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const portal = portalRef.current
    const hidden: Element[] = []
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === portal || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue
      // The embedded wallet's frame shows its own screens above the modal (approval, export).
      if (sibling.hasAttribute('data-latch-frame')) continue
      sibling.setAttribute('inert', '')
      hidden.push(sibling)
    }
    const unlock = lockScroll(gap)
    // Escape is heard wherever focus is, also when the focused control was just removed (the
    // "Try again" button that turns into a spinner) and focus fell back to the page.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      closeModal(latch)
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      unlock()
      for (const el of hidden) el.removeAttribute('inert')
      if (trigger?.isConnected) trigger.focus()
    }
  }, [latch, closing, gap])

  // Each new view, and each opening, gets focus on its first control (or the dialog itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus when the view changes
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || closing) return
    if (dialog.contains(document.activeElement) && document.activeElement !== dialog) return
    // The embedded wallet's frame, shown above the modal, keeps the focus it took.
    if (document.activeElement?.hasAttribute('data-latch-frame')) return
    focusInitial(dialog)
  }, [entry.view, closing])

  // Focus never gets lost while the modal is open: when the focused control leaves the page (a
  // retry replaces its button with a spinner), focus goes to the dialog; when a control marked
  // for it appears (the retry failed again), focus moves to it.
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || typeof MutationObserver === 'undefined') return
    const observer = new MutationObserver((records) => {
      // Parked or on its way out: the page keeps its focus.
      if (closingRef.current) return
      const active = document.activeElement
      if (!active || active === document.body || !active.isConnected) {
        const marked = dialog.querySelector<HTMLElement>('[data-autofocus]')
        ;(marked ?? dialog).focus()
        return
      }
      if (active !== dialog) return
      const added = dialog.querySelector<HTMLElement>('[data-autofocus]')
      if (added && records.some((r) => Array.from(r.addedNodes).some((n) => n.contains(added))))
        focusInitial(dialog)
    })
    observer.observe(dialog, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
    <div
      ref={portalRef}
      {...themeAttributes(themeMode, themeVariables)}
      className="latch-portal"
      data-overlay-blur={overlayBlurred(themeVariables) ? '' : undefined}
      dir={dir}
      lang={locale}
      data-state={parked ? 'parked' : closing ? 'closed' : 'open'}
      inert={closing || undefined}
      aria-hidden={closing || undefined}
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return
        // Keep focus where it is: the trigger gets it back on close, the dialog keeps it otherwise.
        event.preventDefault()
        // The second press of the double click that opened the modal lands here: not a dismissal.
        if (event.detail > 1) return
        closeModal(latch)
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
        {/* Phones: the sheet's handle; dragging it down closes (keyboard users have Close). */}
        <div className="latch-handle" aria-hidden="true" data-testid="latch-sheet-handle" {...drag} />
        <div className="latch-header">
          {canGoBack && !frameShown ? (
            <button
              type="button"
              className="latch-icon-button"
              aria-label={t('modal.back')}
              onClick={() => goBack(latch)}
            >
              <BackIcon />
            </button>
          ) : (
            <span />
          )}
          <h2 id={titleId} className="latch-title" key={title}>
            {title}
          </h2>
          {/* While the frame shows a screen, Close stays for the pointer and the finger (it cancels
              the request); Tab stays in the frame, where Reject and Escape answer it. */}
          <button
            type="button"
            className="latch-icon-button"
            aria-label={t('modal.close')}
            tabIndex={frameShown ? -1 : undefined}
            onClick={() => closeModal(latch)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {/* The height follows the content with a transition (spec §2: 150 ms). While the frame's
            screen lies here the sizer does not scroll: a scroller the height is still growing over
            would otherwise be a Tab stop of its own (Chrome focuses scrollers without controls). */}
        <div className="latch-sizer" data-testid="latch-sizer" data-frame={frameShown ? '' : undefined}>
          <div ref={contentRef}>
            {/* While the embedded wallet's frame shows a screen, the frame client places the
                iframe over this slot, and the view stays mounted (its state kept) but hidden. */}
            {frameShown && (
              <div className="latch-frame-slot" data-latch-frame-slot="" data-testid="latch-frame-slot" />
            )}
            <div className={frameShown ? 'latch-covered' : undefined}>
              <Alerts latch={latch} />
              <ModalSessionContext.Provider value={session}>
                <div className="latch-body" key={entry.view}>
                  <ViewBody latch={latch} entry={entry} />
                </div>
              </ModalSessionContext.Provider>
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}

/** Touch screens: a text field that takes focus by itself pops the keyboard over the list. */
function isTouch(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches
}

function focusInitial(dialog: HTMLElement): void {
  let target =
    dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
  if (target instanceof HTMLInputElement && isTouch()) target = null
  ;(target ?? dialog).focus()
}

/**
 * The sizer (the content's parent) takes the content's height as it changes, for its transition.
 * Nothing is measured while the dialog mounts: until the observer's first report (after the
 * first layout) the sizer keeps its natural height, which is the same. Reading `offsetHeight`
 * there forced the browser to lay the whole modal out in the middle of React's commit. The
 * observer writes the height itself, in the frame whose layout changed: through React state it
 * landed a render later, so a new step's buttons showed at the old height first and then moved
 * under a pointer already aiming at them, and every change rendered the whole dialog again.
 */
function useContentHeight(ref: { current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const el = ref.current
    const sizer = el?.parentElement
    if (!el || !sizer || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      sizer.style.height = `${el.offsetHeight}px`
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
}

/** Dragging the sheet's handle down moves the sheet with the finger; far enough closes it. */
function useSheetDrag(dialogRef: { current: HTMLElement | null }, close: () => void) {
  const start = useRef<number | undefined>(undefined)
  const offset = (event: PointerEvent) => Math.max(0, event.clientY - (start.current ?? event.clientY))
  return {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      start.current = event.clientY
      event.currentTarget.setPointerCapture(event.pointerId)
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (start.current === undefined || !dialogRef.current) return
      dialogRef.current.style.transform = `translateY(${offset(event)}px)`
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      if (start.current === undefined) return
      const moved = offset(event)
      start.current = undefined
      if (dialogRef.current) dialogRef.current.style.transform = ''
      if (moved > 80) close()
    },
    onPointerCancel: () => {
      start.current = undefined
      if (dialogRef.current) dialogRef.current.style.transform = ''
    },
  }
}

/**
 * The whole English catalog ships with the modal's chunk: in English, the modal's strings come
 * from here, under the app's overrides.
 */
function ModalMessages({ children }: { children: ReactNode }) {
  const value = useContext(MessagesContext)
  const full = useMemo(
    () => (value.locale === 'en' ? { ...value, messages: { ...en, ...value.messages } } : value),
    [value],
  )
  return <MessagesContext.Provider value={full}>{children}</MessagesContext.Provider>
}
