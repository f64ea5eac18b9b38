import type { Latch } from '@latch/core'
import { injectStyles } from '../styles/inject.js'
import { themeAttributes } from '../styles/theme.js'
import { modalCss } from './modal.css.js'

/**
 * The first time a page lays the modal out, the browser looks up and loads each face and size of
 * the font the modal uses (title, rows, headings, the email field and its placeholder, buttons)
 * and builds the field's inner parts. On a fresh page that made the first opening's frame several
 * times longer than the next ones. This does it once ahead, when the modal's code is fetched: a
 * skeleton of those elements under the kit's own styles and the app's theme, added, laid out and
 * removed in the same task, so it is never painted, never focusable and never read aloud. Its
 * words are placeholders no one sees, hence not from the catalogs.
 */
export function warmModalText(latch: Latch): void {
  if (typeof document === 'undefined' || !document.body) return
  injectStyles('modal', modalCss)
  const { themeMode, themeVariables } = latch.store.getState()
  const theme = themeAttributes(themeMode, themeVariables)
  const root = element('div', 'latch-portal')
  root.setAttribute('data-latch', '')
  root.setAttribute('data-theme', theme['data-theme'])
  root.setAttribute('aria-hidden', 'true')
  root.inert = true
  for (const [name, value] of Object.entries(theme.style)) root.style.setProperty(name, value)
  root.style.visibility = 'hidden'
  const input = element('input', 'latch-search')
  input.type = 'email'
  input.placeholder = 'Wallet'
  root.append(
    element('div', 'latch-dialog', [
      element('div', 'latch-header', [
        element('h2', 'latch-title', 'Wallet'),
        element('button', 'latch-icon-button', '×'),
      ]),
      element('div', 'latch-body', [
        element('div', 'latch-email-row', [input, element('button', 'latch-primary', 'Wallet')]),
        element('ul', 'latch-list', [
          element('li', 'latch-group', 'Wallet'),
          element('li', '', [
            element('button', 'latch-item', [
              element('span', '', 'Wallet'),
              element('span', 'latch-tag', 'Wallet'),
            ]),
          ]),
        ]),
        element('p', 'latch-muted', 'Wallet'),
        element('button', 'latch-text-button', 'Wallet'),
        element('button', 'latch-secondary', 'Wallet'),
      ]),
    ]),
  )
  document.body.append(root)
  void root.offsetHeight
  root.remove()
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  content: string | HTMLElement[] = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  if (className) el.className = className
  if (typeof content === 'string') el.textContent = content
  else el.append(...content)
  return el
}
