import type { ApprovalView } from '../approval.js'
import { t } from '../i18n.js'
import { clearScreen, el, root } from '../ui.js'
import { titleKey } from './rows.js'

/** The screen between Approve and the answer: see {@link import('../approval.js').showSigning}. */
export interface SigningScreen {
  /** The server did not answer in time: says so; resolves true on Retry, false on Close. */
  unreachable(): Promise<boolean>
  /** Closes the screen (signed, refused, or aborted by the page). */
  close(): void
}

/**
 * After Approve the frame stays on screen while the wallet's key is unlocked (its server releases
 * a part of it) and the request is signed: this says so, instead of an empty frame.
 */
export function showSigningNow(view: ApprovalView): SigningScreen {
  const title = el('h1', { id: 'latch-title', tabindex: '-1' }, [t(titleKey(view))])
  const status = el('p', { class: 'progress', role: 'status', 'data-testid': 'approval-progress' }, [
    t('approve.working'),
  ])
  // The approval screen's dialog, going on: the same role and title.
  const card = el(
    'section',
    {
      class: 'card approval',
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'latch-title',
      'aria-busy': 'true',
    },
    [title, status],
  )
  root().replaceChildren(card)
  title.focus()
  let answer: (retry: boolean) => void = () => {}
  return {
    unreachable: () =>
      new Promise<boolean>((resolve) => {
        answer = resolve
        card.removeAttribute('aria-busy')
        const retry = el('button', { type: 'button', 'data-action': 'retry' }, [t('approve.retry')])
        const close = el('button', { type: 'button', class: 'secondary', 'data-action': 'close' }, [
          t('approve.close'),
        ])
        retry.addEventListener('click', () => resolve(true))
        close.addEventListener('click', () => resolve(false))
        card.addEventListener('keydown', (event) => {
          if (event.key === 'Escape') resolve(false)
        })
        card.replaceChildren(
          title,
          el('p', { class: 'error', role: 'alert', 'data-testid': 'approval-unreachable' }, [
            t('approve.unreachable'),
          ]),
          el('p', { class: 'hint' }, [t('approve.unreachableHelp')]),
          el('div', { class: 'actions' }, [close, retry]),
        )
        retry.focus()
      }),
    close: () => {
      answer(false)
      if (card.isConnected) clearScreen()
    },
  }
}
