import { FRAME_OVERLAY_Z_INDEX } from './protocol.js'

/**
 * The place a modal keeps for the frame while it shows a screen: an element with this attribute.
 * The frame then sits exactly over it, as a part of the modal, rather than over the modal.
 */
const FRAME_SLOT_SELECTOR = '[data-latch-frame-slot]'

/** Animation frames the frame waits for a slot (the modal renders it on the frame's signal). */
const SLOT_WAIT_FRAMES = 3
/** Frames it keeps measuring after the last move: the modal's 150 ms animations, with margin. */
const SETTLE_FRAMES = 20

/**
 * The frame over its slot: fixed at the slot's box in pixels, never with a CSS transform (a
 * transformed frame never counts as visible to IntersectionObserver v2, which the frame's approval
 * guard relies on); the slot's corners, no shadow, and no background of its own.
 */
function slotStyle(box: Pick<DOMRect, 'top' | 'left' | 'width' | 'height'>, radius: string): string {
  return [
    'position:fixed',
    `top:${box.top}px`,
    `left:${box.left}px`,
    `width:${box.width}px`,
    `height:${box.height}px`,
    'margin:0',
    'border:0',
    `border-radius:${radius || '0'}`,
    'box-shadow:none',
    'background-color:transparent',
    `z-index:${FRAME_OVERLAY_Z_INDEX}`,
  ].join(';')
}

/**
 * Shows `iframe` over the document's frame slot and keeps it there while the slot moves or
 * resizes (the modal animating in, its height following its content, the page scrolling or
 * resizing); without a slot after a few frames, the iframe takes `overlayStyle` (a page without the
 * kit's modal). Returns the function that stops following.
 */
export function followSlot(iframe: HTMLIFrameElement, win: Window, overlayStyle: string): () => void {
  let tick: number | undefined
  let waited = 0
  let still = 0
  let observed: Element | null = null
  let written: string | undefined
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => wake()) : undefined

  const place = () => {
    const slot = win.document.querySelector(FRAME_SLOT_SELECTOR)
    if (slot !== observed) {
      if (observed) resize?.unobserve(observed)
      if (slot) resize?.observe(slot)
      observed = slot
    }
    const box = slot?.getBoundingClientRect()
    const style =
      slot && box && box.width > 0 && box.height > 0
        ? slotStyle(box, win.getComputedStyle(slot).borderRadius)
        : waited < SLOT_WAIT_FRAMES
          ? `${overlayStyle};opacity:0;pointer-events:none`
          : overlayStyle
    // Compared with what it last wrote: the frame is moved only when its slot moved.
    if (style === written) return false
    written = style
    iframe.setAttribute('style', style)
    return true
  }

  const loop = () => {
    waited++
    still = place() ? 0 : still + 1
    tick = still < SETTLE_FRAMES ? win.requestAnimationFrame(loop) : undefined
  }

  /** Something may have moved: measure again, frame by frame, until it stays still. */
  const wake = () => {
    still = 0
    tick ??= win.requestAnimationFrame(loop)
  }

  // A slot that comes or goes (the modal changed view), a style or state that moves it (the sheet
  // dragged by its handle, the modal's height following its content); not the frame's own style.
  const mutations = new MutationObserver((records) => {
    if (records.some((r) => r.target !== iframe)) wake()
  })
  mutations.observe(win.document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'data-state'],
  })
  win.addEventListener('resize', wake)
  // Capturing: a scroll of any element (the page, a scrolling container of the modal) may move it.
  win.addEventListener('scroll', wake, true)
  place()
  wake()

  return () => {
    if (tick !== undefined) win.cancelAnimationFrame(tick)
    tick = 0
    resize?.disconnect()
    mutations.disconnect()
    win.removeEventListener('resize', wake)
    win.removeEventListener('scroll', wake, true)
  }
}
