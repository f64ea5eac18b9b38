import { base64urlnopad } from '@scure/base'
import type { ApprovalView } from './approval.js'

// Approvals in the frame origin's own top-level window, for browsers without IntersectionObserver
// v2 (the frame cannot tell there whether the page covers it). The frame keeps the request and
// the key; the window only shows the request the frame decoded and returns the visitor's answer.
// Both sides accept a message only from the exact window they expect (`event.source`), on the
// frame's own origin (`event.origin`), for the one approval they share a random id of; every
// message they send names that origin as its target.
//
//   frame                          window (/frame/window?action=approve#<id>)
//     window.open(…#id)  ───────▶  (opener = the frame)
//                        ◀───────  { type: 'latch:approval-ready', id }
//     { 'latch:approval-view', id, view } ───────▶  renders the approval screen
//                        ◀───────  { type: 'latch:approval-decision', id, approved }
//
// A window closed before it answered counts as the page's Cancel: the request is aborted. The
// frame closes the window once it has the answer.

/** What the frame's window says to the frame. */
export type FromApprovalWindow =
  | { type: 'latch:approval-ready'; id: string }
  | { type: 'latch:approval-decision'; id: string; approved: boolean }

/** What the frame says to its window. */
export interface ToApprovalWindow {
  type: 'latch:approval-view'
  id: string
  view: ApprovalView
}

/** A message event, as both sides see it. */
export interface Incoming {
  origin: string
  source: unknown
  data: unknown
}

/** The part of a window each side uses of the other. */
export interface WindowLike {
  postMessage(message: unknown, targetOrigin: string): void
  close(): void
  readonly closed: boolean
}

/** Subscribes to the own window's messages; returns the unsubscriber. */
export type Listen = (handler: (event: Incoming) => void) => () => void

/** How often each side looks whether the other window is still there. */
export const approvalWindowPollMs = 250

/** A fresh id for one approval (128 random bits). */
export function newApprovalId(): string {
  return base64urlnopad.encode(crypto.getRandomValues(new Uint8Array(16)))
}

const idPattern = /^[A-Za-z0-9_-]{22}$/

/** The id a window was opened for (its URL fragment), if it is one. */
export function approvalIdOf(hash: string): string | undefined {
  const id = hash.startsWith('#') ? hash.slice(1) : hash
  return idPattern.test(id) ? id : undefined
}

/** The approval window's address: the frame origin's own page, the id in the fragment (never sent). */
export function approvalWindowUrl(options: {
  origin: string
  projectId: string
  id: string
  locale?: string | null
}): string {
  const url = new URL('/frame/window', options.origin)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('action', 'approve')
  if (options.locale) url.searchParams.set('locale', options.locale)
  url.hash = options.id
  return url.toString()
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * A message the frame accepts from its approval window: from exactly the window it opened, on its
 * own origin, for this approval. Anything else is `undefined` (ignored).
 */
export function fromApprovalWindow(
  event: Incoming,
  expected: { origin: string; window: unknown; id: string },
): FromApprovalWindow | undefined {
  if (event.origin !== expected.origin || event.source !== expected.window || expected.window == null)
    return undefined
  const data = event.data
  if (!isRecord(data) || data.id !== expected.id) return undefined
  if (data.type === 'latch:approval-ready') return { type: data.type, id: expected.id }
  if (data.type === 'latch:approval-decision' && typeof data.approved === 'boolean')
    return { type: data.type, id: expected.id, approved: data.approved }
  return undefined
}

const viewKinds = new Set(['message', 'typedData', 'transaction', 'userOperation'])

/**
 * A message the window accepts from its opener: from exactly the window that opened it, on the
 * frame's origin, for the approval it was opened for, with a view it can render.
 */
export function fromOpener(
  event: Incoming,
  expected: { origin: string; opener: unknown; id: string },
): ToApprovalWindow | undefined {
  if (event.origin !== expected.origin || event.source !== expected.opener || expected.opener == null)
    return undefined
  const data = event.data
  if (!isRecord(data) || data.type !== 'latch:approval-view' || data.id !== expected.id) return undefined
  const view = data.view
  if (
    !isRecord(view) ||
    typeof view.kind !== 'string' ||
    !viewKinds.has(view.kind) ||
    typeof view.origin !== 'string' ||
    typeof view.from !== 'string'
  )
    return undefined
  return { type: 'latch:approval-view', id: expected.id, view: view as unknown as ApprovalView }
}

export type WindowOutcome = 'approved' | 'rejected' | 'closed'

/**
 * The frame's side: opens the window (inside the visitor's click, which window.open needs), hands
 * it the view once it says it is ready, and resolves the visitor's answer there. A window closed
 * before it answered, or `close()` (the page's Cancel), resolves `closed` and closes the window.
 * `undefined` when the browser did not open the window (a pop-up blocker).
 */
export function hostApprovalWindow(options: {
  view: ApprovalView
  id: string
  origin: string
  url: string
  open: (url: string) => WindowLike | null
  listen: Listen
  pollMs?: number
}): { decision: Promise<WindowOutcome>; close: () => void } | undefined {
  const { id, origin } = options
  const opened = options.open(options.url)
  if (opened === null) return undefined
  let settle: (outcome: WindowOutcome) => void = () => {}
  const decision = new Promise<WindowOutcome>((resolve) => {
    settle = resolve
  })
  let done = false
  const finish = (outcome: WindowOutcome) => {
    if (done) return
    done = true
    unlisten()
    clearInterval(poll)
    // The frame closes the window it opened once it has the answer (the window never closes
    // itself: a window closing could overtake its own answer).
    if (!opened.closed) opened.close()
    settle(outcome)
  }
  const unlisten = options.listen((event) => {
    const message = fromApprovalWindow(event, { origin, window: opened, id })
    if (message === undefined || done) return
    if (message.type === 'latch:approval-ready') {
      const reply: ToApprovalWindow = { type: 'latch:approval-view', id, view: options.view }
      opened.postMessage(reply, origin)
    } else finish(message.approved ? 'approved' : 'rejected')
  })
  const poll = setInterval(() => {
    if (opened.closed) finish('closed')
  }, options.pollMs ?? approvalWindowPollMs)
  return { decision, close: () => finish('closed') }
}

/**
 * The window's side: says it is ready to the frame that opened it, shows the view the frame
 * sends, and sends back the answer. Resolves `answered`, `gone` when the frame went away first
 * (the screen is cancelled), or `no-opener` when nothing opened this window.
 */
export function guestApprovalWindow(options: {
  id: string
  origin: string
  opener: WindowLike | null
  listen: Listen
  show: (view: ApprovalView) => { decision: Promise<boolean | 'aborted'>; cancel: () => void }
  pollMs?: number
}): Promise<'answered' | 'gone' | 'no-opener'> {
  const { id, origin, opener } = options
  if (opener === null || opener.closed) return Promise.resolve('no-opener')
  return new Promise((resolve) => {
    let shown: { cancel: () => void } | undefined
    let done = false
    const finish = (outcome: 'answered' | 'gone') => {
      if (done) return
      done = true
      unlisten()
      clearInterval(poll)
      resolve(outcome)
    }
    const unlisten = options.listen((event) => {
      const message = fromOpener(event, { origin, opener, id })
      if (message === undefined || shown !== undefined || done) return
      const screen = options.show(message.view)
      shown = screen
      void screen.decision.then((decided) => {
        if (done) return
        const answer: FromApprovalWindow = { type: 'latch:approval-decision', id, approved: decided === true }
        opener.postMessage(answer, origin)
        finish('answered')
      })
    })
    const poll = setInterval(() => {
      if (!opener.closed) return
      shown?.cancel()
      finish('gone')
    }, options.pollMs ?? approvalWindowPollMs)
    const ready: FromApprovalWindow = { type: 'latch:approval-ready', id }
    opener.postMessage(ready, origin)
  })
}
