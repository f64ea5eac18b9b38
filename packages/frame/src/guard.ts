// The clickjacking defence of the frame's Approve and Export buttons. It is decided inside the
// frame from the frame's own observations only: the page sends nothing about visibility, and
// nothing the page says could make a button accept a click.

/** How long the frame must have been seen and the pointer inside before a click counts. */
export const guardDwellMs = 500
/** IntersectionObserver v2's `delay`: how often (at most) visibility is computed. */
export const guardObserverDelayMs = 100

/**
 * What the frame has seen: visibility reports, the pointer entering and leaving, blur. An
 * activation counts only when the frame has been reported visible without a break for
 * {@link guardDwellMs} **and** the pointer entered at least that long before. A not-visible
 * report, a blur or the pointer leaving restarts both.
 */
export function createActivationGate(now: () => number = () => performance.now()) {
  let visible = false
  let visibleSince: number | undefined
  let pointerInside = false
  let pointerSince: number | undefined

  const restart = () => {
    visibleSince = visible ? now() : undefined
    pointerSince = pointerInside ? now() : undefined
  }

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
    /** The pointer is over the frame (the first of these after it was outside starts the clock). */
    pointerInside() {
      if (pointerInside) return
      pointerInside = true
      pointerSince = now()
    },
    pointerLeft() {
      pointerInside = false
      restart()
    },
    blurred() {
      restart()
    },
    /** Whether an activation now counts. */
    allows(): boolean {
      const at = now()
      return (
        visibleSince !== undefined &&
        pointerSince !== undefined &&
        at - visibleSince >= guardDwellMs &&
        at - pointerSince >= guardDwellMs
      )
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

/**
 * Wires `button` so that `onActivate` runs only for an activation the gate allows, pointer or
 * keyboard alike (a button's keyboard activation is a `click` too). In a frame without
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
  const cleanups: (() => void)[] = []
  const on = (
    target: Window | Document | HTMLElement,
    type: string,
    listener: (event: Event) => void,
    capture = true,
  ) => {
    target.addEventListener(type, listener as EventListener, capture)
    cleanups.push(() => target.removeEventListener(type, listener as EventListener, capture))
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
      },
      { threshold: [1], trackVisibility: true, delay: guardObserverDelayMs } as IntersectionObserverInit,
    )
    observer.observe(button)
    cleanups.push(() => observer.disconnect())
  } else if (options.withoutVisibilityTracking === 'pointer') {
    gate.visibility(true)
  }

  // The pointer's presence: any pointer event inside marks it in; leaving the document marks it out.
  on(document, 'pointermove', () => gate.pointerInside())
  on(document, 'pointerover', () => gate.pointerInside())
  // Not in the capture phase: there, every child's own pointerleave would pass by too.
  on(
    document.documentElement,
    'pointerleave',
    (event) => {
      if (event.target === document.documentElement) gate.pointerLeft()
    },
    false,
  )
  on(document, 'mouseout', (event) => {
    if ((event as MouseEvent).relatedTarget === null) gate.pointerLeft()
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

  on(
    button,
    'click',
    (event) => {
      // Decided before this click's own pointer events could count as an earlier entry.
      const allowed = gate.allows()
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
