import { type RefObject, useEffect } from 'react'

/** The embedded wallet's iframe while it shows one of its screens over the page. */
const SHOWN_FRAME = 'iframe[data-latch-frame][aria-hidden="false"]'

/**
 * While the embedded wallet's frame shows a screen (an approval, the recovery step, export) over
 * the modal, the dialog beneath it is inert: its controls are hidden behind the frame, so Tab
 * must never land on them (the frame's own Reject answers the request; Escape there rejects).
 */
export function useInertBehindFrame(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || typeof MutationObserver === 'undefined') return
    const update = () => {
      dialog.toggleAttribute('inert', document.querySelector(SHOWN_FRAME) !== null)
    }
    update()
    const observer = new MutationObserver(update)
    // The frame client shows and hides the iframe through its aria-hidden attribute.
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-hidden'],
    })
    return () => {
      observer.disconnect()
      dialog.removeAttribute('inert')
    }
  }, [ref])
}
