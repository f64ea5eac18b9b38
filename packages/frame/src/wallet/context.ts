import { accountOf } from '../accounts.js'
import { type Api, ApiError, type Me } from '../api.js'
import type { showApproval, showSigning } from '../approval.js'
import type { showRecoveryNotice, showRecoveryWait } from '../noticeScreens.js'
import { FrameError } from '../protocol.js'
import type { AccountRecord, DeviceRecord, DeviceStore } from '../storage.js'
import { type PasskeyRef, shareContext, signDeviceProof } from '../vault/index.js'

export interface WalletOptions {
  projectId: string
  chainId: string
  /** 'server': the project chose server-assisted (operator-custodial) recovery. */
  recoveryPolicy: 'user' | 'server'
  api: Api
  store: DeviceStore
  record: DeviceRecord
  /** Shows the frame's own recovery screen (the page sees only VISIBILITY events). `backup`: a
   * password next to a new passkey, which the visitor may skip (resolves without a check). */
  askPassword: (
    mode: 'setup' | 'recover' | 'backup',
    check: (password: string) => Promise<string | undefined>,
  ) => Promise<void>
  setVisible: (visible: boolean) => void
  sessionEnded: () => void
  /** Passkeys with PRF on the frame's origin (see passkey.ts and ui.ts); absent: password only. */
  passkeys?: Passkeys
  /** The embedding page's origin, as checked at start-up: what the approval screen names. */
  parentOrigin?: string
  /** The frame's RPC URL (its server's `/v1/` endpoint) of each chain the server's configuration
   * lists (never the page's). */
  rpcUrls?: Record<string, string>
  /** The approval screen (replaced in unit tests). */
  showApproval?: typeof showApproval
  /** The screen between Approve and the signature (replaced in unit tests). */
  showSigning?: typeof showSigning
  /** The screens of server-assisted recovery's notices (replaced in unit tests). */
  showRecoveryNotice?: typeof showRecoveryNotice
  showRecoveryWait?: typeof showRecoveryWait
}

export interface Passkeys {
  available: () => Promise<boolean>
  create: (email: string) => Promise<{ ref: PasskeyRef; output: Uint8Array }>
  output: (ref: PasskeyRef) => Promise<Uint8Array>
  /** The sign-up screen: 'password' when the visitor prefers the recovery password. */
  askSetup: (create: () => Promise<string | undefined>) => Promise<'done' | 'password'>
  /** The new-device screen of an account sealed with a passkey: 'password' when the passkey was
   * lost and the visitor takes the recovery password the account also has. */
  askRecover: (use: () => Promise<PasskeyRecoverOutcome>) => Promise<'done' | 'password'>
}

/** What a try with the passkey on a new device gave: opened (undefined), a message for the
 * visitor, or `lost`: the passkey was not used (cancelled, or not on this device), and whether
 * the account also has a recovery password. */
export type PasskeyRecoverOutcome = string | undefined | { lost: true; password: boolean }

export function toChainId(input: string | number | undefined, fallback: string): string {
  if (input === undefined) return fallback
  const id = typeof input === 'number' ? `eip155:${input}` : input
  if (!/^eip155:[1-9][0-9]{0,15}$/.test(id))
    throw new FrameError(`Unsupported chain: ${id}`, 'UNSUPPORTED_CHAIN')
  return id
}

/** What every part of the wallet shares: its options, its device record and the session's state. */
export function createContext(options: WalletOptions) {
  const { api, store, projectId } = options
  const record = options.record
  /** The session's own state: the page's chain, its claimed name, and whether the record moved
   * to another account key since the last save. */
  const state = {
    chainId: toChainId(options.chainId, 'eip155:1'),
    dappName: undefined as string | undefined,
    unsaved: false,
  }

  const save = () => {
    state.unsaved = false
    return store.save(record)
  }
  /** This device's data of the signed-in account, found by user and device id (see accounts.ts);
   * it notes the login email and the email the shares are bound to as the server reports them. */
  const account = (me: Pick<Me, 'email' | 'deviceId' | 'shareContext'>): AccountRecord => {
    const { account: found, moved } = accountOf(record, record.token ?? '', me.deviceId)
    if (moved) state.unsaved = true
    found.email = me.email
    found.shareContext = me.shareContext ?? found.shareContext ?? me.email
    record.email = me.email
    return found
  }
  /** The associated data of this account's sealed shares: bound to the account's first email,
   * which the server keeps as `shareContext` once the login email changes. */
  type ShareOwner = Pick<Me, 'email' | 'shareContext'>
  const context = (me: ShareOwner) => shareContext(projectId, me.shareContext ?? me.email)

  /** Runs `fn`; a session the server ended clears the token and tells the page. */
  async function authed<T>(fn: () => Promise<T>): Promise<T> {
    if (!record.token) throw new FrameError('Not signed in', 'NOT_CONNECTED')
    try {
      return await fn()
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        record.token = undefined
        record.social = undefined
        await save()
        options.sessionEnded()
        throw new FrameError('The session has ended: sign in again', 'SESSION_ENDED')
      }
      throw error
    }
  }

  const proof = (purpose: string) => signDeviceProof(api, record, projectId, purpose)

  /** With a visible screen: the page shows the frame above its modal while it is open. */
  async function visibly(fn: () => Promise<void>) {
    options.setVisible(true)
    try {
      await fn()
    } finally {
      options.setVisible(false)
    }
  }

  /** The server's throttle (spec §5), as the page expects it. */
  const throttled = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'THROTTLED') {
      const retryAfter = Number(error.extra.retryAfter) || 30
      return new FrameError(`Please try again after ${retryAfter} seconds`, 'THROTTLED', { retryAfter })
    }
    return error
  }
  return { options, api, projectId, record, state, save, account, context, authed, proof, visibly, throttled }
}

export type WalletContext = ReturnType<typeof createContext>
