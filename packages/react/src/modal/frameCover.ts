import { type RefObject, useEffect } from 'react'

/** The embedded wallet's iframe while it shows one of its screens over the page. */
const SHOWN_FRAME = 'iframe[data-latch-frame][aria-hidden="false"]'

/** The frame over the modal's body: below the header, as wide as the dialog, with its corners. */
function placeOverBody(frame: HTMLIFrameElement, dialog: HTMLElement): void {
  const body = dialog.querySelector<HTMLElement>('.latch-sizer')
  if (!body) return
  const box = body.getBoundingClientRect()
  const radius = getComputedStyle(dialog).borderBottomLeftRadius
  const place: Record<string, string> = {
    top: `${box.top}px`,
    left: `${box.left}px`,
    right: 'auto',
    bottom: 'auto',
    margin: '0',
    width: `${box.width}px`,
    height: `${box.height}px`,
    'border-radius': `0 0 ${radius} ${radius}`,
    'box-shadow': 'none',
  }
  for (const [name, value] of Object.entries(place)) frame.style.setProperty(name, value)
}

/**
 * While the embedded wallet's frame shows a screen (an approval, the recovery step, export) over
 * the modal, it is laid over the modal's body, under the modal's own title, so the screen reads
 * as part of the modal (on a phone, of its sheet); the body grows to the frame's room
 * (`data-latch-frame` on the dialog). The dialog beneath is inert: its controls are hidden
 * behind the frame, so Tab must never land on them (the frame's own Reject answers the request;
 * Escape there rejects). The frame is never transformed (IntersectionObserver v2, which the
 * frame's guard reads, counts a transformed frame as hidden): it is placed by its box only.
 */
export function useFrameOverBody(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || typeof MutationObserver === 'undefined') return
    let frame: HTMLIFrameElement | null = null
    const place = () => {
      if (frame) placeOverBody(frame, dialog)
    }
    const update = () => {
      frame = document.querySelector<HTMLIFrameElement>(SHOWN_FRAME)
      dialog.toggleAttribute('inert', frame !== null)
      dialog.toggleAttribute('data-latch-frame', frame !== null)
      place()
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
    // The body's height follows its content (a transition), the dialog opens with an animation,
    // the window changes size: the frame follows each.
    const sizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place)
    const body = dialog.querySelector('.latch-sizer')
    if (body) sizes?.observe(body)
    dialog.addEventListener('animationend', place)
    window.addEventListener('resize', place)
    return () => {
      observer.disconnect()
      sizes?.disconnect()
      dialog.removeEventListener('animationend', place)
      window.removeEventListener('resize', place)
      dialog.removeAttribute('inert')
      dialog.removeAttribute('data-latch-frame')
    }
  }, [ref])
}
