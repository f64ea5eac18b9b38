/**
 * Stops the page from scrolling behind the open modal. The scrollbar's width is given back as
 * padding so the page does not shift sideways. Returns the undo.
 */
export function lockScroll(): () => void {
  const html = document.documentElement
  const body = document.body
  const gap = window.innerWidth - html.clientWidth
  const before = { overflow: html.style.overflow, padding: body.style.paddingRight }
  html.style.overflow = 'hidden'
  if (gap > 0) body.style.paddingRight = `${gap}px`
  return () => {
    html.style.overflow = before.overflow
    body.style.paddingRight = before.padding
  }
}
