import { useEffect, useState } from 'react'

/** The embedded wallet's iframe while it shows one of its screens. */
const SHOWN_FRAME = 'iframe[data-latch-frame][aria-hidden="false"]'

/**
 * Whether the embedded wallet's frame shows a screen (an approval, the recovery step, export).
 * While it does, the modal's body is only the frame's slot (`data-latch-frame-slot`): the frame
 * client places the iframe exactly over it, so the screen is a part of the modal, and nothing of
 * the view is left beneath it to reach by Tab or to show through.
 */
export function useFrameShown(): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return
    const update = () => setShown(document.querySelector(SHOWN_FRAME) !== null)
    update()
    const observer = new MutationObserver(update)
    // The frame client shows and hides the iframe through its aria-hidden attribute.
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-hidden'],
    })
    return () => observer.disconnect()
  }, [])
  return shown
}
