import { formatGwei } from 'viem'
import { approvalWindowUrl, hostApprovalWindow, type Incoming, newApprovalId } from './approval-window.js'
import { decodeCalldata, formatNative, type TypedDataSummary } from './decode.js'
import { guardActivation, hasVisibilityTracking, isTopLevel } from './guard.js'
import { t } from './i18n.js'
import { formatSol, type SolanaTransactionSummary } from './solana.js'
import { clearScreen, el, root } from './ui.js'

type Key = Parameters<typeof t>[0]

/** What the approval screen shows, built by the frame from the raw request only. */
export type ApprovalView = {
  /** The embedding page's origin as the browser reported it and the frame checked it. */
  origin: string
  /** The name the page gave with SYNC_DAPP_DATA: shown as a claim, never trusted, no icon loaded. */
  dappName: string | undefined
  from: string
} & (
  | { kind: 'message'; text: string | undefined; hex: string }
  | { kind: 'typedData'; summary: TypedDataSummary; chainId: bigint }
  | {
      kind: 'transaction'
      to: string | undefined
      value: bigint
      data: `0x${string}` | undefined
      chainId: bigint
      nonce: number
      gas: bigint
      maxFeePerGas: bigint
      maxPriorityFeePerGas: bigint
    }
  | {
      kind: 'solanaTransaction'
      /** signAndSend: the frame sends it; else the signed bytes go back to the page. */
      send: boolean
      /** The cluster, as {@link clusterName} writes it. */
      cluster: string
      summary: SolanaTransactionSummary
    }
)

const maxUint160 = 2n ** 160n - 1n
const maxUint256 = 2n ** 256n - 1n

function amountText(amount: bigint): string {
  return amount === maxUint256 || amount === maxUint160 ? t('approve.unlimited') : amount.toString()
}

function deadlineText(deadline: bigint | undefined): string {
  if (deadline === undefined || deadline === 0n || deadline >= 2n ** 48n - 1n) return t('approve.noDeadline')
  return `${new Date(Number(deadline) * 1000).toISOString()} (${deadline})`
}

/** The rows of the screen: label key and text, in reading order. */
export function approvalRows(view: ApprovalView): { rows: [Key, string][]; warnings: string[] } {
  const rows: [Key, string][] = [['approve.from', view.from]]
  const warnings: string[] = []
  if (view.kind === 'message') {
    if (view.text !== undefined) rows.push(['approve.message', view.text])
    else rows.push(['approve.messageHex', view.hex])
  } else if (view.kind === 'typedData') {
    const s = view.summary
    if (s.domainName !== undefined) rows.push(['approve.domain', s.domainName])
    if (s.verifyingContract !== undefined) rows.push(['approve.contract', s.verifyingContract])
    if (s.domainChainId !== undefined) {
      rows.push(['approve.domainChain', s.domainChainId.toString()])
      if (s.domainChainId !== view.chainId)
        warnings.push(
          t('approve.chainMismatch', {
            domain: s.domainChainId.toString(),
            current: view.chainId.toString(),
          }),
        )
    }
    rows.push(['approve.primaryType', s.primaryType])
    if (s.permit) {
      rows.push(['approve.permit', s.permit.kind])
      rows.push(['approve.spender', s.permit.spender])
      for (const { token, amount } of s.permit.amounts) {
        if (token !== undefined) rows.push(['approve.token', token])
        rows.push(['approve.amount', amountText(amount)])
      }
      rows.push(['approve.deadline', deadlineText(s.permit.deadline)])
    }
  } else if (view.kind === 'solanaTransaction') {
    const s = view.summary
    rows.push(['approve.chain', view.cluster])
    rows.push(['approve.feePayer', s.feePayer])
    for (const transfer of s.transfers) {
      rows.push(['approve.to', transfer.to ?? '?'])
      rows.push(['approve.value', formatSol(transfer.lamports)])
    }
    for (const program of s.programs) rows.push(['approve.program', program])
    if (s.lookupAccounts > 0) warnings.push(t('approve.lookupTables', { count: s.lookupAccounts }))
  } else {
    rows.push(['approve.to', view.to ?? t('approve.contractCreation')])
    rows.push(['approve.value', formatNative(view.value)])
    const call = decodeCalldata(view.data)
    if (call) {
      rows.push(['approve.selector', call.signature ? `${call.selector} ${call.signature}` : call.selector])
      if (call.target !== undefined) rows.push(['approve.callTarget', call.target])
      if (call.amount !== undefined) rows.push(['approve.callAmount', amountText(call.amount)])
    }
    rows.push(['approve.chain', view.chainId.toString()])
    rows.push(['approve.nonce', String(view.nonce)])
    rows.push(['approve.gas', view.gas.toString()])
    rows.push(['approve.maxFee', `${formatGwei(view.maxFeePerGas)} gwei`])
    rows.push(['approve.priorityFee', `${formatGwei(view.maxPriorityFeePerGas)} gwei`])
    rows.push(['approve.maxCost', formatNative(view.gas * view.maxFeePerGas)])
  }
  return { rows, warnings }
}

/** The visitor's answer: Approve, Reject, or `aborted` (the approval window closed unanswered). */
export type Decision = boolean | 'aborted'

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
export function showApproval(view: ApprovalView): { decision: Promise<Decision>; cancel: () => void } {
  let settle: (approved: Decision) => void = () => {}
  let closeWindow = () => {}
  const decision = new Promise<Decision>((resolve) => {
    settle = (approved) => {
      closeWindow()
      clearScreen()
      resolve(approved)
    }
  })
  const { rows, warnings } = approvalRows(view)
  const titleKey: Key =
    view.kind === 'solanaTransaction'
      ? view.send
        ? 'approve.title.solanaTransaction'
        : 'approve.title.solanaSign'
      : `approve.title.${view.kind}`
  const title = el('h1', { id: 'latch-title', tabindex: '-1' }, [t(titleKey)])
  const list = el('dl', { class: 'rows' })
  for (const [label, value] of rows) list.append(el('dt', {}, [t(label)]), el('dd', {}, [value]))
  const reject = el('button', { type: 'button', class: 'secondary', 'data-action': 'reject' }, [
    t('approve.reject'),
  ])
  reject.addEventListener('click', () => settle(false))
  const inWindow = !isTopLevel() && !hasVisibilityTracking()
  const approve = inWindow
    ? el('button', { type: 'button', 'data-action': 'open-window' }, [t('approve.openWindow')])
    : el('button', { type: 'button', 'data-action': 'approve' }, [t('approve.approve')])
  const status = el('p', { class: 'hint', role: 'status', 'data-testid': 'approval-window-status' })
  const unguard = inWindow
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
      ...warnings.map((w) => el('p', { class: 'warning', role: 'alert' }, [w])),
      list,
      ...(inWindow
        ? [el('p', { class: 'hint' }, [t('approve.windowHelp', { origin: location.origin })]), status]
        : []),
      el('div', { class: 'actions' }, [reject, approve]),
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
