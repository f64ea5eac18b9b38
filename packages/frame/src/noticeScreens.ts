// The screens of recovery notices and of this device's hold, loaded with import() when one is
// first shown (most visits never show one).
import { t } from './i18n.js'
import { formatTime, type RecoveryNotice } from './notices.js'
import { clearScreen, el, root } from './ui.js'

const titles = {
  recovered: 'recoveryNotice.recoveredTitle',
  recovery_pending: 'recoveryNotice.pendingTitle',
  recovery_cancelled: 'recoveryNotice.cancelledTitle',
} as const

export interface NoticeActions {
  dismiss: () => Promise<void>
  /** "This wasn't me" on a held recovery; resolves a message that keeps the screen open. */
  stop: () => Promise<string | undefined>
}

/**
 * The notice of a recovery on another device: when, which browser, which IP (all as text), and
 * for a held one until when, with "This wasn't me". Resolves once dismissed or stopped.
 */
export function showRecoveryNotice(notice: RecoveryNotice, actions: NoticeActions): Promise<void> {
  return new Promise((resolve) => {
    const error = el('p', { class: 'error', role: 'alert', id: 'latch-notice-error' })
    const text =
      notice.kind === 'recovery_pending'
        ? t('recoveryNotice.pendingText', { until: formatTime(notice.until ?? notice.at) })
        : t(notice.kind === 'recovered' ? 'recoveryNotice.recoveredText' : 'recoveryNotice.cancelledText')
    const row = (label: string, value: string) => [el('dt', {}, [label]), el('dd', {}, [value])]
    const dismiss = el('button', { type: 'button', class: 'secondary', id: 'latch-notice-dismiss' }, [
      t('recoveryNotice.dismiss'),
    ])
    const stop =
      notice.kind === 'recovery_pending'
        ? el('button', { type: 'button', id: 'latch-notice-stop' }, [t('recoveryNotice.stop')])
        : undefined
    const buttons = stop ? [stop, dismiss] : [dismiss]
    const card = el('main', { class: 'card', 'aria-labelledby': 'latch-title' }, [
      el('h1', { id: 'latch-title' }, [t(titles[notice.kind])]),
      el('p', { id: 'latch-notice-text' }, [text]),
      el('dl', {}, [
        ...row(t('recoveryNotice.time'), formatTime(notice.at)),
        ...row(t('recoveryNotice.browser'), notice.browser),
        ...row(t('recoveryNotice.ip'), notice.ip),
      ]),
      error,
      ...buttons,
    ])
    const busy = (on: boolean) => {
      for (const button of buttons) button.disabled = on
    }
    const done = () => {
      clearScreen()
      resolve()
    }
    dismiss.addEventListener('click', () => {
      busy(true)
      actions.dismiss().then(done, () => {
        error.textContent = t('error.generic')
        busy(false)
      })
    })
    stop?.addEventListener('click', () => {
      busy(true)
      error.textContent = ''
      actions.stop().then(
        (problem) => {
          if (problem === undefined) return done()
          error.textContent = problem
          busy(false)
        },
        () => {
          error.textContent = t('error.generic')
          busy(false)
        },
      )
    })
    root().replaceChildren(card)
    ;(stop ?? dismiss).focus()
  })
}

/**
 * This new device's recovery is held, or its owner stopped it: says so (until when), and closes
 * on the visitor's click.
 */
export function showRecoveryWait(kind: 'pending' | 'cancelled', until?: string): Promise<void> {
  return new Promise((resolve) => {
    const close = el('button', { type: 'button', id: 'latch-wait-close' }, [t('recoveryNotice.close')])
    const card = el('main', { class: 'card', 'aria-labelledby': 'latch-title' }, [
      el('h1', { id: 'latch-title' }, [
        t(kind === 'pending' ? 'recoveryWait.pendingTitle' : 'recoveryWait.cancelledTitle'),
      ]),
      el('p', {}, [
        kind === 'pending'
          ? t('recoveryWait.pendingText', { until: formatTime(until ?? new Date().toISOString()) })
          : t('recoveryWait.cancelledText'),
      ]),
      close,
    ])
    close.addEventListener('click', () => {
      clearScreen()
      resolve()
    })
    root().replaceChildren(card)
    close.focus()
  })
}
