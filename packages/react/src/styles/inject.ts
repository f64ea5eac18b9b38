/**
 * Adds a constant stylesheet to the document once. The CSS is static text written at build
 * time and scoped under [data-latch]; nothing is computed per render, and the host page's
 * own rules are never touched. Apps with a strict `style-src` CSP can pass `nonce`.
 */
export function injectStyles(id: string, css: string, nonce?: string): void {
  if (typeof document === 'undefined') return
  if (document.querySelector(`style[data-latch-styles="${id}"]`)) return
  const style = document.createElement('style')
  style.dataset.latchStyles = id
  if (nonce) style.nonce = nonce
  style.textContent = css
  document.head.appendChild(style)
}
