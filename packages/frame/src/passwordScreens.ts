// The screens of sign-up and recovery (the recovery password, the passkey's steps), loaded with
// import() when one is first needed, so a returning visitor's first load does not carry them.
import { t } from './i18n.js'
import { loadEstimator } from './passwordStrength.js'
import { clearScreen, el, root } from './ui.js'
import { minPasswordLength } from './vault/index.js'
import type { PasskeyRecoverOutcome } from './wallet/context.js'

/** Where a visitor whose passkey is not on this device learns where passkeys live and sync. */
export const passkeyHelpUrl = 'https://fidoalliance.org/passkeys/'

/**
 * The recovery-password screen: `setup` asks for a new password twice, `recover` for the existing
 * one, `backup` for a new one next to a passkey, which the visitor may skip (resolves without a
 * check). Resolves when the visitor submits a valid one; `check` may refuse it (a wrong password),
 * which keeps the screen open with the message.
 */
export function askPassword(
  given: 'setup' | 'recover' | 'backup',
  check: (password: string) => Promise<string | undefined>,
): Promise<void> {
  const backup = given === 'backup'
  const mode = given === 'recover' ? 'recover' : 'setup'
  // The strength estimator loads while the visitor types (its chunk is not on the first load).
  if (mode === 'setup') loadEstimator().catch(() => undefined)
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
    const title = t(
      backup ? 'password.backupTitle' : mode === 'setup' ? 'password.setupTitle' : 'password.recoverTitle',
    )
    const help = backup
      ? t('password.backupHelp', { min: minPasswordLength })
      : mode === 'setup'
        ? t('password.setupHelp', { min: minPasswordLength })
        : t('password.recoverHelp')
    const skip = el('button', { type: 'button', class: 'secondary', id: 'latch-password-skip' }, [
      t('password.skip'),
    ])
    skip.addEventListener('click', () => {
      clearScreen()
      resolve()
    })
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
      ...(backup ? [skip] : []),
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
      skip.disabled = true
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
          skip.disabled = false
          submit.textContent = t(mode === 'setup' ? 'password.create' : 'password.recover')
          password.value = ''
          password.focus()
        },
        () => {
          error.textContent = t('error.generic')
          submit.disabled = false
          skip.disabled = false
        },
      )
    })
    // One main landmark, as on every page (axe: landmark-one-main).
    root().replaceChildren(el('main', {}, [form]))
    // The page shows (and focuses) the frame only after VISIBILITY: a field focused while the
    // frame was hidden did not take it, so the first field takes focus when the frame gets it.
    const takeFocus = () => {
      if (!form.contains(document.activeElement)) password.focus()
    }
    window.addEventListener('focus', takeFocus)
    form.addEventListener('submit', () => window.removeEventListener('focus', takeFocus), { once: true })
    password.focus()
  })
}

/**
 * A screen with one main action and, optionally, a second one. `run` does the main action and
 * resolves undefined when it worked or a message that keeps the screen open; `other` leaves the
 * screen for the alternative. Resolves 'done' or 'other'.
 */
function actionScreen(options: {
  title: string
  help: string
  action: string
  busy: string
  other?: string
  /** A help link under the help text (opens a new tab). */
  link?: { text: string; href: string }
  run: () => Promise<string | undefined>
}): Promise<'done' | 'other'> {
  return new Promise((resolve) => {
    const error = el('p', { class: 'error', role: 'alert', id: 'latch-action-error' })
    const main = el('button', { type: 'button', id: 'latch-passkey-action' }, [options.action])
    const buttons: HTMLButtonElement[] = [main]
    const other =
      options.other === undefined
        ? undefined
        : el('button', { type: 'button', class: 'secondary', id: 'latch-passkey-other' }, [options.other])
    if (other) buttons.push(other)
    const card = el('main', { class: 'card', 'aria-labelledby': 'latch-title' }, [
      el('h1', { id: 'latch-title' }, [options.title]),
      el('p', { id: 'latch-action-help' }, [options.help]),
      ...(options.link
        ? [
            el('p', {}, [
              el('a', { href: options.link.href, target: '_blank', rel: 'noopener noreferrer' }, [
                options.link.text,
              ]),
            ]),
          ]
        : []),
      error,
      ...buttons,
    ])
    main.setAttribute('aria-describedby', 'latch-action-help latch-action-error')
    main.addEventListener('click', () => {
      error.textContent = ''
      for (const button of buttons) button.disabled = true
      main.textContent = options.busy
      options.run().then(
        (problem) => {
          if (problem === undefined) {
            clearScreen()
            resolve('done')
            return
          }
          error.textContent = problem
          for (const button of buttons) button.disabled = false
          main.textContent = options.action
          main.focus()
        },
        () => {
          error.textContent = t('error.generic')
          for (const button of buttons) button.disabled = false
          main.textContent = options.action
        },
      )
    })
    other?.addEventListener('click', () => {
      clearScreen()
      resolve('other')
    })
    root().replaceChildren(card)
    main.focus()
  })
}

/**
 * Sign-up where the browser offers passkeys: a passkey protects the recovery share, or the
 * visitor picks the recovery password instead. Resolves 'password' for the latter.
 */
export async function askPasskeySetup(
  create: () => Promise<string | undefined>,
): Promise<'done' | 'password'> {
  const chosen = await actionScreen({
    title: t('passkey.setupTitle'),
    help: t('passkey.setupHelp'),
    action: t('passkey.create'),
    busy: t('passkey.waiting'),
    other: t('passkey.usePassword'),
    run: create,
  })
  return chosen === 'done' ? 'done' : 'password'
}

/**
 * A new device of an account sealed with a passkey: the passkey opens the wallet here. When the
 * passkey is not used, the screen says so truthfully: with a recovery password on the account it
 * offers that ('password'); without, this device cannot open the wallet, where the passkey can be
 * found, and it may be tried again.
 */
export async function askPasskeyRecover(
  use: () => Promise<PasskeyRecoverOutcome>,
): Promise<'done' | 'password'> {
  let lost: { password: boolean } | undefined
  for (;;) {
    let lostNow: { password: boolean } | undefined
    const chosen = await actionScreen({
      title: t(lost ? 'passkey.lostTitle' : 'passkey.recoverTitle'),
      help: t(
        lost ? (lost.password ? 'passkey.lostHelpPassword' : 'passkey.lostHelp') : 'passkey.recoverHelp',
      ),
      action: t(lost ? 'passkey.tryAgain' : 'passkey.use'),
      busy: t('passkey.waiting'),
      ...(lost?.password ? { other: t('passkey.usePassword') } : {}),
      ...(lost ? { link: { text: t('passkey.helpLink'), href: passkeyHelpUrl } } : {}),
      run: async () => {
        const outcome = await use()
        if (typeof outcome !== 'object') return outcome
        lostNow = { password: outcome.password }
        return undefined
      },
    })
    if (chosen === 'other') return 'password'
    if (lostNow === undefined) return 'done'
    lost = lostNow
  }
}
