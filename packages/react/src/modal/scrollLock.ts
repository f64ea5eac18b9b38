/**
 * The width of the page's vertical scrollbar, to give back as padding while scrolling is locked.
 * Read while the page's layout is still clean (before the modal is added to it): read after,
 * it makes the browser lay the new modal out there and then, in the middle of the opening.
 */
export function scrollbarGap(): number {
  return window.innerWidth - document.documentElement.clientWidth
}

/**
 * Stops the page from scrolling behind the open modal. The scrollbar's width (`scrollbarGap`,
 * measured before the modal was added) is given back as padding so the page does not shift
 * sideways. Returns the undo.
 */
export function lockScroll(gap: number): () => void {
  const html = document.documentElement
  const body = document.body
  const before = { overflow: html.style.overflow, padding: body.style.paddingRight }
  html.style.overflow = 'hidden'
  if (gap > 0) body.style.paddingRight = `${gap}px`
  return () => {
    html.style.overflow = before.overflow
    body.style.paddingRight = before.padding
  }
}
