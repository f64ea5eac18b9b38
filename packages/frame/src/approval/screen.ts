import type { ApprovalView, Decision } from '../approval.js'
import { approvalWindowUrl, hostApprovalWindow, type Incoming, newApprovalId } from '../approval-window.js'
import { guardActivation, hasVisibilityTracking, isTopLevel } from '../guard.js'
import { t } from '../i18n.js'
import { clearScreen, el, root } from '../ui.js'
import { approvalRows, titleKey } from './rows.js'

/** The frame's messages, as {@link hostApprovalWindow} listens to them. */
const listenToMessages = (handler: (event: Incoming) => void) => {
  const listener = (event: MessageEvent) =>
    handler({ origin: event.origin, source: event.source, data: event.data })
  window.addEventListener('message', listener)
  return () => window.removeEventListener('message', listener)
}

/**
 * The approval screen. Resolves true on Approve, false on Reject (or Escape). `cancel` closes it
 * from outside (the page aborted the request). The Approve button is never focused by itself.
 * In a frame whose browser has no IntersectionObserver v2, Approve is replaced by a button that
 * opens the frame origin's own window, where the visitor decides (src/approval-window.ts); that
 * window closed unanswered resolves `aborted`.
 */
export function showApprovalNow(view: ApprovalView): { decision: Promise<Decision>; cancel: () => void } {
  let settle: (approved: Decision) => void = () => {}
  let closeWindow = () => {}
  const decision = new Promise<Decision>((resolve) => {
    settle = (approved) => {
      closeWindow()
      clearScreen()
      resolve(approved)
    }
  })
  const { rows, warnings, cannotApprove } = approvalRows(view)
  const title = el('h1', { id: 'latch-title', tabindex: '-1' }, [t(titleKey(view))])
  const list = el('dl', { class: 'rows' })
  for (const [label, value, depth = 0] of rows) {
    // Nested fields are indented by their depth (a class: the frame's CSP allows no inline style).
    const nested = depth > 0 ? { class: `depth-${Math.min(depth, 6)}` } : {}
    list.append(el('dt', nested, [label]), el('dd', nested, [value]))
  }
  const reject = el('button', { type: 'button', class: 'secondary', 'data-action': 'reject' }, [
    t('approve.reject'),
  ])
  reject.addEventListener('click', () => settle(false))
  const inWindow = !isTopLevel() && !hasVisibilityTracking() && !cannotApprove
  const approve = inWindow
    ? el('button', { type: 'button', 'data-action': 'open-window' }, [t('approve.openWindow')])
    : el('button', { type: 'button', 'data-action': 'approve' }, [t('approve.approve')])
  const status = el('p', { class: 'hint', role: 'status', 'data-testid': 'approval-window-status' })
  const unguard = cannotApprove
    ? () => {}
    : inWindow
      ? // Opening the window is not approving: only the pointer's dwell is asked of this click
        // (window.open needs its user activation); the decision is taken in the window.
        guardActivation(
          approve,
          () => {
            const params = new URLSearchParams(location.search)
            const id = newApprovalId()
            const opened = hostApprovalWindow({
              view,
              id,
              origin: location.origin,
              url: approvalWindowUrl({
                origin: location.origin,
                projectId: params.get('projectId') ?? '',
                id,
                locale: document.documentElement.lang || params.get('locale'),
              }),
              open: (url) => window.open(url, '_blank', 'popup,width=480,height=760'),
              listen: listenToMessages,
            })
            if (opened === undefined) {
              status.textContent = t('export.blocked')
              return
            }
            approve.disabled = true
            status.textContent = t('approve.windowWaiting')
            closeWindow = opened.close
            void opened.decision.then((outcome) =>
              settle(outcome === 'approved' ? true : outcome === 'rejected' ? false : 'aborted'),
            )
          },
          { withoutVisibilityTracking: 'pointer' },
        )
      : // Clickjacking: a click or key press counts only after the frame was seen fully visible
        // and the pointer inside it for 500 ms (src/guard.ts).
        guardActivation(approve, () => {
          approve.disabled = true
          reject.disabled = true
          approve.textContent = t('approve.working')
          settle(true)
        })
  void decision.then(unguard)
  const card = el(
    'section',
    { class: 'card approval', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'latch-title' },
    [
      title,
      el('div', { class: 'origin' }, [
        el('p', { class: 'origin-label' }, [t('approve.origin')]),
        el('p', { class: 'origin-value', 'data-testid': 'approval-origin' }, [view.origin]),
        el('p', { class: 'hint' }, [t('approve.originHelp')]),
        ...(view.dappName
          ? [
              el('p', { class: 'hint', 'data-testid': 'approval-dapp-claim' }, [
                t('approve.dappClaim', { name: view.dappName }),
              ]),
            ]
          : []),
      ]),
      ...warnings.map((w) =>
        el('p', { class: 'warning', role: 'alert', 'data-testid': 'approval-warning' }, [w]),
      ),
      list,
      ...(inWindow
        ? [el('p', { class: 'hint' }, [t('approve.windowHelp', { origin: location.origin })]), status]
        : []),
      // A request that cannot succeed offers no Approve (docs/decisions.md), only Reject.
      el('div', { class: 'actions' }, cannotApprove ? [reject] : [reject, approve]),
    ],
  )
  card.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') settle(false)
  })
  root().replaceChildren(card)
  // The page focuses the frame when it shows it (VISIBILITY): the screen's title takes it then,
  // never the Approve button.
  const focusTitle = () => {
    if (title.isConnected && !card.contains(document.activeElement)) title.focus()
  }
  focusTitle()
  window.addEventListener('focus', focusTitle)
  void decision.finally(() => window.removeEventListener('focus', focusTitle))
  return { decision, cancel: () => settle(false) }
}
export { prepare } from './prepare.js'
export { showSigningNow } from './signing.js'
