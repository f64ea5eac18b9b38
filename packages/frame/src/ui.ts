import { minPasswordLength } from './custody.js'
import { t } from './i18n.js'

/** Builds an element with text only: nothing is ever parsed as HTML (Trusted Types forbid it). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value)
  for (const child of children) node.append(child)
  return node
}

export const root = () => document.getElementById('app') as HTMLElement

/** A message on the frame's own page (e.g. why it does not run). */
export function showNotice(title: string, text: string): void {
  root().replaceChildren(el('main', { class: 'card' }, [el('h1', {}, [title]), el('p', {}, [text])]))
}

export function clearScreen(): void {
  root().replaceChildren()
}

/**
 * The recovery-password screen: `setup` asks for a new password twice, `recover` for the existing
 * one. Resolves the password when the visitor submits a valid one; `check` may refuse it (a wrong
 * password), which keeps the screen open with the message.
 */
export function askPassword(
  mode: 'setup' | 'recover',
  check: (password: string) => Promise<string | undefined>,
): Promise<void> {
  return new Promise((resolve) => {
    const error = el('p', { class: 'error', role: 'alert', id: 'latch-password-error' })
    const password = el('input', {
      id: 'latch-password',
      type: 'password',
      autocomplete: mode === 'setup' ? 'new-password' : 'current-password',
      required: '',
      minlength: String(minPasswordLength),
      'aria-describedby': 'latch-password-help latch-password-error',
    })
    const confirm = el('input', {
      id: 'latch-password-confirm',
      type: 'password',
      autocomplete: 'new-password',
      required: '',
    })
    const submit = el('button', { type: 'submit' }, [
      t(mode === 'setup' ? 'password.create' : 'password.recover'),
    ])
    const title = t(mode === 'setup' ? 'password.setupTitle' : 'password.recoverTitle')
    const help =
      mode === 'setup' ? t('password.setupHelp', { min: minPasswordLength }) : t('password.recoverHelp')
    const form = el('form', { class: 'card', 'aria-labelledby': 'latch-title', novalidate: '' }, [
      el('h1', { id: 'latch-title' }, [title]),
      el('p', { id: 'latch-password-help' }, [help]),
      el('label', { for: 'latch-password' }, [t('password.label')]),
      password,
      ...(mode === 'setup'
        ? [el('label', { for: 'latch-password-confirm' }, [t('password.repeat')]), confirm]
        : []),
      error,
      submit,
    ])
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const value = password.value
      if (value.length < minPasswordLength) {
        error.textContent = t('password.tooShort', { min: minPasswordLength })
        password.focus()
        return
      }
      if (mode === 'setup' && confirm.value !== value) {
        error.textContent = t('password.mismatch')
        confirm.focus()
        return
      }
      error.textContent = ''
      submit.disabled = true
      submit.textContent = t(mode === 'setup' ? 'password.creating' : 'password.opening')
      check(value).then(
        (problem) => {
          if (problem === undefined) {
            clearScreen()
            resolve()
            return
          }
          error.textContent = problem
          submit.disabled = false
          submit.textContent = t(mode === 'setup' ? 'password.create' : 'password.recover')
          password.value = ''
          password.focus()
        },
        () => {
          error.textContent = t('error.generic')
          submit.disabled = false
        },
      )
    })
    root().replaceChildren(form)
    password.focus()
  })
}
