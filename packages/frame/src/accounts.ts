import { base64urlnopad } from '@scure/base'
import { FrameError } from './protocol.js'
import type { AccountRecord, DeviceRecord } from './storage.js'

// Which of this device's account records is the signed-in one. A record is keyed by the account's
// user id and this device's id on it, never by the login email: the email can change from another
// device, and a record found by email would then be lost, turning an established device into a
// new one (whose server-assisted recovery is held, and can be stopped by whoever changed it).

/** The key of one account's record on this device. */
export const accountKey = (userId: string, deviceId: string) => `${userId}|${deviceId}`

/** The user id (`sub`) of a session token of the frame's server. */
export function userIdOf(token: string): string {
  let payload: { sub?: unknown }
  try {
    payload = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(token.split('.')[1] ?? ''))) as {
      sub?: unknown
    }
  } catch {
    payload = {}
  }
  if (typeof payload.sub !== 'string' || payload.sub === '')
    throw new FrameError('The session token is malformed', 'SESSION_ENDED')
  return payload.sub
}

/**
 * The record of the account `token` and `deviceId` name, created empty on first use. A record an
 * older frame stored under the login email (an email key) with this device id is moved to its id
 * key on the way, and remembers that email as the one to offer at the next login; `moved` says
 * the record changed and needs saving.
 */
export function accountOf(
  record: DeviceRecord,
  token: string,
  deviceId: string,
): { account: AccountRecord; moved: boolean } {
  const key = accountKey(userIdOf(token), deviceId)
  record.accounts ??= {}
  const accounts = record.accounts
  const moved = record.current !== key
  if (accounts[key] === undefined) {
    const legacy = Object.keys(accounts).find((k) => k.includes('@') && accounts[k]?.deviceId === deviceId)
    if (legacy !== undefined) {
      accounts[key] = { email: legacy, ...accounts[legacy] }
      delete accounts[legacy]
    } else accounts[key] = { deviceId }
  }
  record.current = key
  return { account: accounts[key], moved }
}

/** The signed-in account's record, if this device holds one (an older frame's: under its email). */
export function currentAccount(record: DeviceRecord): AccountRecord | undefined {
  if (!record.token) return undefined
  if (record.current !== undefined) return record.accounts?.[record.current]
  return record.email === undefined ? undefined : record.accounts?.[record.email]
}

/** The device id this device has on the account of `email`, to name at its login. */
export function deviceIdFor(record: DeviceRecord, email: string): string | undefined {
  for (const [key, account] of Object.entries(record.accounts ?? {}))
    if (account.email === email || key === email) return account.deviceId
  return undefined
}
