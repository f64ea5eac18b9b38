import type { Incoming, Listen, WindowLike } from './approval-window.js'
import type { AccountRecord, DeviceRecord } from './storage.js'

// The export window gets the login from the frame that opened it, never from storage of its own.
// A browser that partitions third-party storage keys the frame's storage by the embedding page's
// site; the export window is a top-level page of the frame's origin (first party), whose storage
// holds none of it. So the frame hands it the signed-in account's part of the device record over
// the opener channel: two windows of the same (the frame's) origin, the page never in between.
//
//   frame                              window (/frame/window?action=export#<id>)
//     window.open(…#id)  ───────────▶  (opener = the frame)
//                        ◀───────────  { type: 'latch:export-ready', id }
//     { type: 'latch:export-login', id, login } ───────────▶  the export screens
//
// Both sides accept a message only from the exact window they expect (`event.source`), on the
// frame's own origin (`event.origin`), for the one export they share a random id of, and name
// that origin as every message's target. The login is structured-cloned: the CryptoKeys stay
// non-extractable, and no secret of the wallet is in it (the device share stays sealed).

/** What the frame hands its export window: one account of the device record. */
export interface ExportLogin {
  deviceKey: CryptoKeyPair
  wrapKey: CryptoKey
  token: string
  email: string
  account: AccountRecord
}

/** How long the frame waits for its export window to say it is ready. */
const exportHandoverLimitMs = 60_000

/** How long the window waits for the login once it said it is ready: the frame answers at once,
 * so a window opened by anything else says soon that it got none. */
const exportLoginLimitMs = 10_000

/** How often each side looks whether the other window is still there. */
const pollMs = 250

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** The login of the signed-in account, as the frame hands it over (other accounts stay behind). */
export function exportLoginOf(
  record: DeviceRecord & { token: string; email: string },
  account: AccountRecord,
): ExportLogin {
  const { deviceKey, wrapKey, token, email } = record
  return { deviceKey, wrapKey, token, email, account }
}

/** The device record the window works with: the handed-over account only. */
export function recordOfLogin(login: ExportLogin): DeviceRecord {
  const { deviceKey, wrapKey, token, email, account } = login
  return { deviceKey, wrapKey, token, email, current: 'export', accounts: { export: account } }
}

const sealedPart = (value: unknown) =>
  isRecord(value) && value.iv instanceof Uint8Array && value.data instanceof Uint8Array

/** A login the window accepts: keys that are CryptoKeys, a token, an email, a sealed share. */
function validLogin(value: unknown): value is ExportLogin {
  if (!isRecord(value) || !isRecord(value.deviceKey) || !isRecord(value.account)) return false
  return (
    value.deviceKey.privateKey instanceof CryptoKey &&
    value.deviceKey.publicKey instanceof CryptoKey &&
    value.wrapKey instanceof CryptoKey &&
    typeof value.token === 'string' &&
    typeof value.email === 'string' &&
    sealedPart(value.account.deviceShare)
  )
}

/** Whether `event` comes from exactly `from`, on `origin`, about export `id`. */
const fromExpected = (event: Incoming, origin: string, from: unknown, id: string) =>
  from != null &&
  event.origin === origin &&
  event.source === from &&
  isRecord(event.data) &&
  event.data.id === id

/**
 * The frame's side: once the window it opened says it is ready, hands it `login`, once. Stops
 * listening after that, when the window closes, or after {@link exportHandoverLimitMs}.
 */
export function hostExportWindow(options: {
  opened: WindowLike
  id: string
  origin: string
  login: ExportLogin
  listen: Listen
  limitMs?: number
}): void {
  const { opened, id, origin } = options
  const stop = () => {
    unlisten()
    clearInterval(poll)
    clearTimeout(limit)
  }
  const unlisten = options.listen((event) => {
    if (
      !fromExpected(event, origin, opened, id) ||
      (event.data as { type?: unknown }).type !== 'latch:export-ready'
    )
      return
    opened.postMessage({ type: 'latch:export-login', id, login: options.login }, origin)
    stop()
  })
  const poll = setInterval(() => {
    if (opened.closed) stop()
  }, pollMs)
  const limit = setTimeout(stop, options.limitMs ?? exportHandoverLimitMs)
}

/**
 * The window's side: says it is ready to the frame that opened it and resolves the login the
 * frame sends; `undefined` when nothing (or no frame) opened it, the opener went away, or no
 * valid login came within the limit.
 */
export function guestExportWindow(options: {
  id: string
  origin: string
  opener: WindowLike | null
  listen: Listen
  limitMs?: number
}): Promise<ExportLogin | undefined> {
  const { id, origin, opener } = options
  if (opener === null || opener.closed) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const finish = (login: ExportLogin | undefined) => {
      unlisten()
      clearInterval(poll)
      clearTimeout(limit)
      resolve(login)
    }
    const unlisten = options.listen((event) => {
      if (!fromExpected(event, origin, opener, id)) return
      const data = event.data as { type?: unknown; login?: unknown }
      if (data.type === 'latch:export-login' && validLogin(data.login)) finish(data.login)
    })
    const poll = setInterval(() => {
      if (opener.closed) finish(undefined)
    }, pollMs)
    const limit = setTimeout(() => finish(undefined), options.limitMs ?? exportLoginLimitMs)
    opener.postMessage({ type: 'latch:export-ready', id }, origin)
  })
}
