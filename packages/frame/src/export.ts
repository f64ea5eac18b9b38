import { newApprovalId, type WindowLike } from './approval-window.js'
import { type ExportLogin, hostExportWindow } from './export-window.js'

export { exportLoginOf } from './export-window.js'

import { guardActivation } from './guard.js'
import { t } from './i18n.js'
import { clearScreen, el, root } from './ui.js'

/** The export window's address on the frame's own origin (a top-level page no site can frame);
 * the handover's id in the fragment, which is never sent. */
function exportWindowUrl(projectId: string, id: string): string {
  const url = new URL('/frame/window', location.origin)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('action', 'export')
  url.hash = id
  return url.toString()
}

/** Subscribes to this window's messages (the export window's ready call). */
function listen(handler: (event: { origin: string; source: unknown; data: unknown }) => void) {
  const listener = (event: MessageEvent) =>
    handler({ origin: event.origin, source: event.source, data: event.data })
  window.addEventListener('message', listener)
  return () => window.removeEventListener('message', listener)
}

/**
 * The frame's Export screen. Its Export button goes through the clickjacking guard and, once a
 * person really pressed it, opens the export window (a top-level window on the frame's origin,
 * where the secrets are shown after a fresh email code) and hands it the login (export-window.ts).
 * Resolves whether the window opened; Cancel resolves `false`. Nothing secret is ever shown in the
 * frame itself.
 */
export function askExport(details: {
  email: string
  projectId: string
  login: ExportLogin
}): Promise<boolean> {
  return new Promise((resolve) => {
    const message = el('p', { class: 'error', role: 'alert', id: 'latch-export-error' })
    const open = el(
      'button',
      { type: 'button', id: 'latch-export-open', 'data-testid': 'latch-export-open' },
      [t('export.open')],
    )
    const cancel = el('button', { type: 'button', class: 'secondary', id: 'latch-export-cancel' }, [
      t('export.cancel'),
    ])
    let removeGuard = () => {}
    const done = (opened: boolean) => {
      removeGuard()
      clearScreen()
      resolve(opened)
    }
    removeGuard = guardActivation(
      open,
      () => {
        const id = newApprovalId()
        const opened = window.open(
          exportWindowUrl(details.projectId, id),
          '_blank',
          'popup,width=480,height=760',
        )
        if (opened === null) {
          message.textContent = t('export.blocked')
          return
        }
        hostExportWindow({
          opened: opened as WindowLike,
          id,
          origin: location.origin,
          login: details.login,
          listen,
        })
        done(true)
      },
      { withoutVisibilityTracking: 'pointer' },
    )
    cancel.addEventListener('click', () => done(false))
    root().replaceChildren(
      el(
        'section',
        { class: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'latch-title' },
        [
          el('h1', { id: 'latch-title' }, [t('export.title')]),
          el('p', {}, [t('export.help', { origin: location.origin, email: details.email })]),
          el('p', { class: 'hint' }, [t('guard.hint')]),
          message,
          open,
          cancel,
        ],
      ),
    )
  })
}
