import { describe, expect, it } from 'vitest'
import { currentAccount } from './accounts.js'
import { newApprovalId } from './approval-window.js'
import {
  type ExportLogin,
  exportLoginOf,
  guestExportWindow,
  hostExportWindow,
  recordOfLogin,
} from './export-window.js'
import { FakeWindow, messages, tick } from './test/windows.js'
import { newDeviceKeys } from './vault/index.js'

const frameOrigin = 'https://wallet.example'

async function aLogin(): Promise<ExportLogin> {
  const keys = await newDeviceKeys()
  const record = {
    ...keys,
    token: 'header.payload.signature',
    email: 'owner@example.com',
    current: 'user|device',
    accounts: {
      other: { deviceShare: { iv: new Uint8Array(12), data: new Uint8Array(40) } },
      'user|device': { deviceShare: { iv: new Uint8Array(12), data: new Uint8Array(48) } },
    },
  }
  return exportLoginOf(record, record.accounts['user|device'])
}

describe('the frame hands its export window the login', () => {
  it('when the window it opened says it is ready, then it sends the signed-in account only, to its own origin, once', async () => {
    const login = await aLogin()
    expect(Object.keys(login).sort()).toEqual(['account', 'deviceKey', 'email', 'token', 'wrapKey'])
    const popup = new FakeWindow()
    const own = messages()
    const id = newApprovalId()
    hostExportWindow({ opened: popup, id, origin: frameOrigin, login, listen: own.listen })

    // The embedding page, another window, another export, another message: nothing is sent.
    const ready = { type: 'latch:export-ready', id }
    own.emit({ origin: 'https://app.example', source: popup, data: ready })
    own.emit({ origin: frameOrigin, source: new FakeWindow(), data: ready })
    own.emit({ origin: frameOrigin, source: popup, data: { ...ready, id: newApprovalId() } })
    own.emit({ origin: frameOrigin, source: popup, data: { type: 'latch:approval-ready', id } })
    expect(popup.sent).toEqual([])

    own.emit({ origin: frameOrigin, source: popup, data: ready })
    expect(popup.sent).toEqual([
      { message: { type: 'latch:export-login', id, login }, targetOrigin: frameOrigin },
    ])
    // Once: a second ready gets nothing, nobody listens any more.
    own.emit({ origin: frameOrigin, source: popup, data: ready })
    expect(popup.sent).toHaveLength(1)
    expect(own.listening).toBe(0)
  })

  it('when the window closes or never answers within the limit, then the frame stops listening', async () => {
    const login = await aLogin()
    const closing = new FakeWindow()
    const own = messages()
    hostExportWindow({ opened: closing, id: newApprovalId(), origin: frameOrigin, login, listen: own.listen })
    closing.closed = true
    await tick(300)
    expect(own.listening).toBe(0)
    const silent = messages()
    hostExportWindow({
      opened: new FakeWindow(),
      id: newApprovalId(),
      origin: frameOrigin,
      login,
      listen: silent.listen,
      limitMs: 20,
    })
    await tick(50)
    expect(silent.listening).toBe(0)
  })
})

describe('the export window takes the login from its opener', () => {
  it('when its opener on the frame origin sends a valid login for this export, then it works with that account', async () => {
    const login = await aLogin()
    const opener = new FakeWindow()
    const own = messages()
    const id = newApprovalId()
    const received = guestExportWindow({ id, origin: frameOrigin, opener, listen: own.listen })
    expect(opener.sent).toEqual([{ message: { type: 'latch:export-ready', id }, targetOrigin: frameOrigin }])

    const message = { type: 'latch:export-login', id, login }
    // Not from the page, not from another window, not for another export, not malformed.
    own.emit({ origin: 'https://app.example', source: opener, data: message })
    own.emit({ origin: frameOrigin, source: new FakeWindow(), data: message })
    own.emit({ origin: frameOrigin, source: opener, data: { ...message, id: newApprovalId() } })
    own.emit({
      origin: frameOrigin,
      source: opener,
      data: { ...message, login: { ...login, wrapKey: 'key' } },
    })
    own.emit({
      origin: frameOrigin,
      source: opener,
      data: { ...message, login: { ...login, account: { deviceShare: { iv: 'x', data: 'y' } } } },
    })
    expect(own.listening).toBe(1)

    own.emit({ origin: frameOrigin, source: opener, data: message })
    const got = await received
    expect(got).toBe(login)
    const record = recordOfLogin(got as ExportLogin)
    expect(currentAccount(record)).toBe(login.account)
    expect(record.email).toBe('owner@example.com')
    expect(own.listening).toBe(0)
  })

  it('when nothing opened it, its opener closes, or no login comes in time, then it has none', async () => {
    const own = messages()
    expect(
      await guestExportWindow({ id: newApprovalId(), origin: frameOrigin, opener: null, listen: own.listen }),
    ).toBe(undefined)
    const opener = new FakeWindow()
    const leaving = guestExportWindow({
      id: newApprovalId(),
      origin: frameOrigin,
      opener,
      listen: own.listen,
    })
    opener.closed = true
    expect(await leaving).toBe(undefined)
    expect(
      await guestExportWindow({
        id: newApprovalId(),
        origin: frameOrigin,
        opener: new FakeWindow(),
        listen: own.listen,
        limitMs: 20,
      }),
    ).toBe(undefined)
    expect(own.listening).toBe(0)
  })
})
