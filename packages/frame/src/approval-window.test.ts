import { describe, expect, it } from 'vitest'
import type { ApprovalView } from './approval.js'
import {
  approvalIdOf,
  approvalWindowUrl,
  fromApprovalWindow,
  fromOpener,
  guestApprovalWindow,
  hostApprovalWindow,
  type Incoming,
  newApprovalId,
} from './approval-window.js'
import { FakeWindow, messages, tick } from './test/windows.js'

const frameOrigin = 'https://wallet.example'
const view: ApprovalView = {
  origin: 'https://app.example',
  dappName: undefined,
  from: '0x0000000000000000000000000000000000000001',
  kind: 'message',
  text: 'hello',
  hex: '0x68656c6c6f',
}

describe('the messages the frame accepts from its approval window', () => {
  const id = newApprovalId()
  const popup = new FakeWindow()
  const expected = { origin: frameOrigin, window: popup, id }
  const decision = { type: 'latch:approval-decision', id, approved: true }

  it('accepts a decision from the window it opened, on its own origin, for this approval', () => {
    expect(fromApprovalWindow({ origin: frameOrigin, source: popup, data: decision }, expected)).toEqual(
      decision,
    )
    expect(
      fromApprovalWindow(
        { origin: frameOrigin, source: popup, data: { type: 'latch:approval-ready', id } },
        expected,
      ),
    ).toEqual({ type: 'latch:approval-ready', id })
  })

  it('ignores the embedding page, another window of the frame origin, another approval and malformed answers', () => {
    const cases: Incoming[] = [
      { origin: 'https://app.example', source: popup, data: decision },
      { origin: 'null', source: popup, data: decision },
      { origin: frameOrigin, source: new FakeWindow(), data: decision },
      { origin: frameOrigin, source: null, data: decision },
      { origin: frameOrigin, source: popup, data: { ...decision, id: newApprovalId() } },
      { origin: frameOrigin, source: popup, data: { ...decision, approved: 'yes' } },
      { origin: frameOrigin, source: popup, data: { ...decision, type: 'latch:approval-view' } },
      { origin: frameOrigin, source: popup, data: 'approved' },
      { origin: frameOrigin, source: popup, data: null },
    ]
    for (const event of cases) expect(fromApprovalWindow(event, expected)).toBeUndefined()
    // No window opened: nothing counts, not even a message whose source is null.
    expect(
      fromApprovalWindow(
        { origin: frameOrigin, source: null, data: decision },
        { ...expected, window: null },
      ),
    ).toBeUndefined()
  })
})

describe('the messages the approval window accepts from its opener', () => {
  const id = newApprovalId()
  const opener = new FakeWindow()
  const expected = { origin: frameOrigin, opener, id }
  const message = { type: 'latch:approval-view', id, view }

  it('accepts the view from the frame that opened it, on the frame origin, for its approval', () => {
    expect(fromOpener({ origin: frameOrigin, source: opener, data: message }, expected)).toEqual(message)
  })

  it('accepts a smart account’s user operation, which the window renders as the frame does', () => {
    const operation: ApprovalView = {
      origin: 'https://app.example',
      dappName: undefined,
      from: '0x0000000000000000000000000000000000000002',
      kind: 'userOperation',
      calls: [{ to: '0x0000000000000000000000000000000000000003', value: 1n, data: undefined }],
      chainId: 1n,
      paymaster: '0x0000000000000000000000000000000000000004',
      createsAccount: false,
    }
    const event = { origin: frameOrigin, source: opener, data: { ...message, view: operation } }
    expect(fromOpener(event, expected)?.view).toEqual(operation)
  })

  it('ignores another origin, another window, another approval and a view it cannot render', () => {
    const cases: Incoming[] = [
      { origin: 'https://app.example', source: opener, data: message },
      { origin: frameOrigin, source: new FakeWindow(), data: message },
      { origin: frameOrigin, source: opener, data: { ...message, id: newApprovalId() } },
      { origin: frameOrigin, source: opener, data: { ...message, type: 'latch:approval-ready' } },
      { origin: frameOrigin, source: opener, data: { ...message, view: { ...view, kind: 'raw' } } },
      { origin: frameOrigin, source: opener, data: { ...message, view: { ...view, origin: 1 } } },
      { origin: frameOrigin, source: opener, data: { ...message, view: 'sign everything' } },
    ]
    for (const event of cases) expect(fromOpener(event, expected)).toBeUndefined()
    expect(
      fromOpener({ origin: frameOrigin, source: null, data: message }, { ...expected, opener: null }),
    ).toBeUndefined()
  })
})

describe('the approval window address', () => {
  it('carries the approval id in the fragment only (never sent to the server)', () => {
    const id = newApprovalId()
    const url = new URL(approvalWindowUrl({ origin: frameOrigin, projectId: 'p1', id, locale: 'de' }))
    expect(url.origin).toBe(frameOrigin)
    expect(url.pathname).toBe('/frame/window')
    expect(url.searchParams.get('action')).toBe('approve')
    expect(url.searchParams.get('locale')).toBe('de')
    expect(url.search).not.toContain(id)
    expect(approvalIdOf(url.hash)).toBe(id)
    expect(approvalIdOf('#not-an-id')).toBeUndefined()
    expect(newApprovalId()).not.toBe(id)
  })
})

describe("the frame's side of an approval in its window", () => {
  function host() {
    const bus = messages()
    const popup = new FakeWindow()
    const id = newApprovalId()
    const opened = hostApprovalWindow({
      view,
      id,
      origin: frameOrigin,
      url: 'unused',
      open: () => popup,
      listen: bus.listen,
      pollMs: 5,
    })
    if (opened === undefined) throw new Error('not opened')
    return { bus, popup, id, opened }
  }

  it('sends the view to its window, with the frame origin as the target, once the window is ready', () => {
    const { bus, popup, id } = host()
    expect(popup.sent).toEqual([])
    bus.emit({ origin: 'https://app.example', source: popup, data: { type: 'latch:approval-ready', id } })
    expect(popup.sent).toEqual([])
    bus.emit({ origin: frameOrigin, source: popup, data: { type: 'latch:approval-ready', id } })
    expect(popup.sent).toEqual([
      { message: { type: 'latch:approval-view', id, view }, targetOrigin: frameOrigin },
    ])
  })

  it('decides by the answer of its own window only: a forged approval from the page changes nothing', async () => {
    const { bus, popup, id, opened } = host()
    let outcome: string | undefined
    void opened.decision.then((value) => {
      outcome = value
    })
    bus.emit({
      origin: 'https://app.example',
      source: popup,
      data: { type: 'latch:approval-decision', id, approved: true },
    })
    bus.emit({
      origin: frameOrigin,
      source: {},
      data: { type: 'latch:approval-decision', id, approved: true },
    })
    await tick()
    expect(outcome).toBeUndefined()
    bus.emit({
      origin: frameOrigin,
      source: popup,
      data: { type: 'latch:approval-decision', id, approved: false },
    })
    expect(await opened.decision).toBe('rejected')
    // Decided once: a later approval does not count, and nothing listens any more.
    expect(bus.listening).toBe(0)
  })

  it('resolves an approval from its window', async () => {
    const { bus, popup, id, opened } = host()
    bus.emit({
      origin: frameOrigin,
      source: popup,
      data: { type: 'latch:approval-decision', id, approved: true },
    })
    expect(await opened.decision).toBe('approved')
    // Answered: the frame closes the window it opened (the window never closes itself).
    expect(popup.closed).toBe(true)
  })

  it('counts its window closed without an answer as closed (aborted)', async () => {
    const { popup, opened } = host()
    popup.closed = true
    expect(await opened.decision).toBe('closed')
  })

  it("closes its window when the page's Cancel closes the screen", async () => {
    const { popup, opened } = host()
    opened.close()
    expect(await opened.decision).toBe('closed')
    expect(popup.closed).toBe(true)
  })

  it('says so when the browser did not open the window', () => {
    const bus = messages()
    const opened = hostApprovalWindow({
      view,
      id: newApprovalId(),
      origin: frameOrigin,
      url: 'unused',
      open: () => null,
      listen: bus.listen,
    })
    expect(opened).toBeUndefined()
    expect(bus.listening).toBe(0)
  })
})

describe("the window's side of an approval", () => {
  function guest(opener: FakeWindow | null = new FakeWindow()) {
    const bus = messages()
    const id = newApprovalId()
    const shown: ApprovalView[] = []
    let answer: (approved: boolean) => void = () => {}
    let cancelled = false
    const done = guestApprovalWindow({
      id,
      origin: frameOrigin,
      opener,
      listen: bus.listen,
      show: (v) => {
        shown.push(v)
        return {
          decision: new Promise<boolean>((resolve) => {
            answer = resolve
          }),
          cancel: () => {
            cancelled = true
            answer(false)
          },
        }
      },
      pollMs: 5,
    })
    return { bus, id, opener, shown, done, answer: (a: boolean) => answer(a), cancelled: () => cancelled }
  }

  it('says it is ready to its opener, shows the view only its opener sends, and answers the opener', async () => {
    const { bus, id, opener, shown, done, answer } = guest()
    expect(opener?.sent).toEqual([
      { message: { type: 'latch:approval-ready', id }, targetOrigin: frameOrigin },
    ])
    // The embedding page (or any other window) cannot put a request on the screen.
    bus.emit({
      origin: 'https://app.example',
      source: opener,
      data: { type: 'latch:approval-view', id, view },
    })
    bus.emit({
      origin: frameOrigin,
      source: new FakeWindow(),
      data: { type: 'latch:approval-view', id, view },
    })
    expect(shown).toEqual([])
    bus.emit({ origin: frameOrigin, source: opener, data: { type: 'latch:approval-view', id, view } })
    expect(shown).toEqual([view])
    answer(true)
    expect(await done).toBe('answered')
    expect(opener?.sent.at(-1)).toEqual({
      message: { type: 'latch:approval-decision', id, approved: true },
      targetOrigin: frameOrigin,
    })
  })

  it('closes its screen without answering when the frame is gone', async () => {
    const { bus, id, opener, done, cancelled } = guest()
    bus.emit({ origin: frameOrigin, source: opener, data: { type: 'latch:approval-view', id, view } })
    if (opener) opener.closed = true
    expect(await done).toBe('gone')
    expect(cancelled()).toBe(true)
    expect(opener?.sent.map((s) => (s.message as { type: string }).type)).toEqual(['latch:approval-ready'])
  })

  it('shows nothing when no frame opened it', async () => {
    const { done, shown } = guest(null)
    expect(await done).toBe('no-opener')
    expect(shown).toEqual([])
  })
})
