// The clickjacking defence of the frame's Approve and Export buttons. It is decided inside the
// frame from the frame's own observations only: the page sends nothing about visibility, and
// nothing the page says could make a button accept an activation.
//
// Three ways to press a button, each with its own proof of intent (docs/decisions.md):
// - mouse: the frame seen fully visible for 500 ms, and the pointer inside it for 500 ms;
// - touch or pen: the frame seen fully visible for 500 ms before the touch started (a finger
//   never rests: there is no pointer to wait for);
// - keyboard: focus reached the button by the visitor's own Tab, seen by the frame, with the
//   frame visible throughout, and the frame visible for 500 ms when Enter or Space comes.
// The page can focus the frame (iframe.focus()), but then the screen's title has the focus, and
// no key event the page sends reaches another origin's document.

import { t } from './i18n.js'

/** How long the frame must have been seen (and the mouse inside) before an activation counts. */
export const guardDwellMs = 500
/** IntersectionObserver v2's `delay`: how often (at most) visibility is computed. */
export const guardObserverDelayMs = 100

/** How the visitor pressed: the click event's `pointerType`, the keyboard giving none. */
type Way = 'mouse' | 'touch' | 'keyboard'

/**
 * Where the frame saw the mouse: its place in the frame (`x`, `y`, client coordinates), and where
 * the frame's viewport sat on the screen (`dx`, `dy`: screen minus client coordinates). A change
 * of `dx`/`dy` means the frame moved under the mouse, which the mouse's own events never say.
 */
export type MouseSeen = { x: number; y: number; dx: number; dy: number }

/** How a mouse event came: a move inside, an entry from outside the document, or a press. */
export type MouseHow = 'move' | 'enter' | 'press'

/** Rounding of fractional coordinates: anything further is a different place. */
const samePlacePx = 2

/**
 * What the frame has seen: visibility reports, the mouse entering and leaving, touches starting,
 * focus arriving by Tab, blur. A not-visible report or a blur restarts every clock.
 */
export function createActivationGate(now: () => number = () => performance.now()) {
  /** undefined: no visibility report yet. */
  let visible: boolean | undefined
  let visibleSince: number | undefined
  let pointerInside = false
  let pointerSince: number | undefined
  /** The latest place the mouse was seen at in the frame. */
  let lastSeen: MouseSeen | undefined
  /** When the latest touch on the button started. */
  let touchAt: number | undefined
  /** When focus reached the button by the visitor's Tab (undefined: not by Tab, or gone since). */
  let tabbedAt: number | undefined

  const restart = () => {
    visibleSince = visible ? now() : undefined
    pointerSince = pointerInside ? now() : undefined
    touchAt = undefined
    tabbedAt = undefined
  }
  const seenFor = (at: number) => visibleSince !== undefined && at - visibleSince >= guardDwellMs

  return {
    /** A visibility report (IntersectionObserver v2's `isVisible`, or a top-level window's state). */
    visibility(isVisible: boolean) {
      if (!isVisible) {
        visible = false
        restart()
      } else if (!visible) {
        visible = true
        visibleSince = now()
      }
    },
    /**
     * The mouse is over the frame. The first of these after it was outside starts the clock, and so
     * does one that shows the mouse got here unseen: an entry from outside the document (a leave
     * the frame missed), the frame having moved on the screen under it, or a press somewhere other
     * than where the mouse was last seen.
     */
    pointerInside(seen?: MouseSeen, how: MouseHow = 'move') {
      const before = lastSeen
      if (seen) lastSeen = seen
      const far = (a: number, b: number) => Math.abs(a - b) > samePlacePx
      const unseen =
        how === 'enter' ||
        (seen !== undefined &&
          before !== undefined &&
          (far(seen.dx, before.dx) ||
            far(seen.dy, before.dy) ||
            (how === 'press' && (far(seen.x, before.x) || far(seen.y, before.y))))) ||
        (how === 'press' && seen !== undefined && before === undefined)
      if (pointerInside && !unseen) return
      pointerInside = true
      pointerSince = now()
    },
    /** The mouse left the frame (a touch pointer leaving after its tap is no news: it never entered). */
    pointerLeft() {
      if (!pointerInside) return
      pointerInside = false
      restart()
    },
    blurred() {
      restart()
    },
    /** A touch (or pen) started on the button. */
    touchStarted() {
      touchAt = now()
    },
    /** Focus reached the button: `byTab` when the visitor's own Tab moved it there. */
    focused(byTab: boolean) {
      tabbedAt = byTab && visible !== false ? now() : undefined
    },
    /** Focus left the button. */
    focusLeft() {
      tabbedAt = undefined
    },
    /** Whether an activation the visitor made this way counts now. */
    allows(way: Way): boolean {
      const at = now()
      if (way === 'touch') return touchAt !== undefined && seenFor(touchAt) && visible === true
      if (way === 'keyboard') return tabbedAt !== undefined && visible === true && seenFor(at)
      return seenFor(at) && pointerSince !== undefined && at - pointerSince >= guardDwellMs
    },
    /**
     * When the button is ready for a visitor who is looking at it (the mouse's own wait counted
     * while it is inside), on the gate's clock; undefined while the frame is not seen.
     */
    readyAt(): number | undefined {
      if (visibleSince === undefined) return undefined
      return Math.max(visibleSince, pointerSince ?? visibleSince) + guardDwellMs
    },
  }
}

export type ActivationGate = ReturnType<typeof createActivationGate>

/** Whether this browser has IntersectionObserver v2 (visibility tracking). */
export function hasVisibilityTracking(): boolean {
  return (
    typeof IntersectionObserver === 'function' &&
    typeof IntersectionObserverEntry === 'function' &&
    'isVisible' in IntersectionObserverEntry.prototype
  )
}

/** Whether this document is a top-level window (which no other page can overlay). */
export const isTopLevel = () => window.top === window

/** The way a click was made: its `pointerType`, else (older engines) its detail count. */
function wayOf(event: Event, lastDown: Way | undefined): Way {
  const type = (event as PointerEvent).pointerType
  if (type === 'touch' || type === 'pen') return 'touch'
  if (type === 'mouse') return 'mouse'
  if ((event as MouseEvent).detail === 0) return 'keyboard'
  return lastDown ?? 'mouse'
}

let hints = 0

/**
 * Shows the gate's wait on the button: `data-latch-guard-state` is `waiting` (a fill runs for
 * the time left, `--latch-guard-wait`) or `ready`, `aria-disabled` follows, and a hidden text
 * the button's description points to says why to screen readers.
 */
function waitIndicator(button: HTMLButtonElement, gate: ActivationGate) {
  const hint = document.createElement('span')
  hint.className = 'sr-only'
  hint.id = `latch-guard-hint-${++hints}`
  button.setAttribute('aria-describedby', hint.id)
  let shown = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const render = () => {
    if (!hint.isConnected && button.parentElement) button.after(hint)
    const readyAt = gate.readyAt()
    const wait = readyAt === undefined ? undefined : Math.max(0, readyAt - performance.now())
    const state = wait === undefined ? 'hidden' : wait > 0 ? 'waiting' : 'ready'
    const key = `${state}@${readyAt}`
    if (key === shown) return
    shown = key
    clearTimeout(timer)
    hint.textContent = state === 'ready' ? '' : t('guard.wait')
    button.setAttribute('aria-disabled', String(state !== 'ready'))
    if (state === 'waiting') {
      button.style.setProperty('--latch-guard-wait', `${Math.round(wait ?? 0)}ms`)
      // A new wait restarts the fill from empty.
      delete button.dataset.latchGuardState
      void button.offsetWidth
      timer = setTimeout(render, (wait ?? 0) + 20)
    }
    button.dataset.latchGuardState = state
  }
  // Once the caller has put the button in its screen.
  setTimeout(render)
  return {
    render,
    remove() {
      clearTimeout(timer)
      hint.remove()
      button.removeAttribute('aria-disabled')
    },
  }
}

/**
 * Wires `button` so that `onActivate` runs only for an activation the gate allows, by mouse,
 * touch or keyboard (a button's keyboard activation is a `click` too). In a frame without
 * IntersectionObserver v2 the button never becomes visible to the gate, so it never activates:
 * callers check {@link hasVisibilityTracking} and send such confirmations to a top-level window. In a
 * top-level window, the page's visibility state stands in for IntersectionObserver (nothing can
 * cover another origin's window). Returns a function that removes the guard.
 */
export function guardActivation(
  button: HTMLButtonElement,
  onActivate: () => void,
  options: {
    gate?: ActivationGate
    /**
     * In a frame without IntersectionObserver v2: `refuse` (default) never activates; `pointer`
     * asks only for the pointer's dwell. Only for a button whose action is harmless when forced,
     * such as opening the frame origin's own window, where the real confirmation happens.
     */
    withoutVisibilityTracking?: 'refuse' | 'pointer'
  } = {},
): () => void {
  const gate = options.gate ?? createActivationGate()
  const indicator = waitIndicator(button, gate)
  const cleanups: (() => void)[] = [indicator.remove]
  const on = (
    target: Window | Document | HTMLElement,
    type: string,
    listener: (event: Event) => void,
    capture = true,
  ) => {
    const wrapped = (event: Event) => {
      listener(event)
      indicator.render()
    }
    target.addEventListener(type, wrapped, capture)
    cleanups.push(() => target.removeEventListener(type, wrapped, capture))
  }

  if (isTopLevel()) {
    const report = () => gate.visibility(document.visibilityState === 'visible')
    report()
    on(document, 'visibilitychange', report)
  } else if (hasVisibilityTracking()) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          gate.visibility(
            entry.isIntersecting && (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible,
          )
        indicator.render()
      },
      { threshold: [1], trackVisibility: true, delay: guardObserverDelayMs } as IntersectionObserverInit,
    )
    observer.observe(button)
    cleanups.push(() => observer.disconnect())
  } else if (options.withoutVisibilityTracking === 'pointer') {
    gate.visibility(true)
  }

  // The mouse's presence: any mouse event inside marks it in; leaving the document marks it out.
  // A touch passes over the frame only as it presses: it never counts as presence.
  const mouseInside = (how: MouseHow) => (event: Event) => {
    const e = event as PointerEvent
    if (e.pointerType !== 'mouse') return
    const entering = how === 'move' && e.type === 'pointerover' && e.relatedTarget === null
    gate.pointerInside(
      { x: e.clientX, y: e.clientY, dx: e.screenX - e.clientX, dy: e.screenY - e.clientY },
      entering ? 'enter' : how,
    )
  }
  on(document, 'pointermove', mouseInside('move'))
  on(document, 'pointerover', mouseInside('move'))
  // Registered before the button's own pointerdown below: the press is placed first.
  on(document, 'pointerdown', mouseInside('press'))
  // Not in the capture phase: there, every child's own pointerleave would pass by too.
  // A finger lifted after a tap leaves too: that is no news of the mouse.
  on(
    document.documentElement,
    'pointerleave',
    (event) => {
      if (event.target === document.documentElement && (event as PointerEvent).pointerType === 'mouse')
        gate.pointerLeft()
    },
    false,
  )
  on(document, 'mouseout', (event) => {
    const fromTouch = (event as MouseEvent & { sourceCapabilities?: { firesTouchEvents?: boolean } })
      .sourceCapabilities?.firesTouchEvents
    if ((event as MouseEvent).relatedTarget === null && !fromTouch) gate.pointerLeft()
  })
  // The window's own blur only (in the capture phase every element's blur would pass by too).
  on(
    window,
    'blur',
    (event) => {
      if (event.target === window) gate.blurred()
    },
    false,
  )

  let lastDown: Way | undefined
  on(button, 'pointerdown', (event) => {
    const type = (event as PointerEvent).pointerType
    lastDown = type === 'touch' || type === 'pen' ? 'touch' : 'mouse'
    if (lastDown === 'touch') gate.touchStarted()
  })
  // The visitor's Tab: a trusted key event in this document (no other page can send one here),
  // whose default action moves the focus before any task runs.
  let tabbing = false
  on(window, 'keydown', (event) => {
    if ((event as KeyboardEvent).key !== 'Tab' || !event.isTrusted) return
    tabbing = true
    setTimeout(() => {
      tabbing = false
    })
  })
  on(button, 'focus', () => gate.focused(tabbing), false)
  on(button, 'blur', () => gate.focusLeft(), false)

  on(
    button,
    'click',
    (event) => {
      // Decided before this click's own pointer events could count as an earlier entry.
      const allowed = gate.allows(wayOf(event, lastDown))
      if (!allowed) {
        event.preventDefault()
        event.stopImmediatePropagation()
        button.dataset.latchGuard = 'refused'
        return
      }
      button.dataset.latchGuard = 'allowed'
      onActivate()
    },
    false,
  )
  // Never focused for the visitor: a keyboard activation needs a deliberate Tab.
  button.autofocus = false
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
}
