import { accountOf, currentAccount, deviceIdFor } from './accounts.js'
import { type Api, ApiError, type Me } from './api.js'
import { type ApprovalView, showApproval } from './approval.js'
import {
  DecodeError,
  decodePersonalSign,
  decodeTransactionRequest,
  decodeTypedDataRequest,
  summarizeTypedData,
} from './decode.js'
import { askExport } from './export.js'
import { t } from './i18n.js'
import { classifyMethod } from './methods.js'
import { formatTime, showRecoveryNotice, showRecoveryWait, validNotices } from './notices.js'
import { isWeakPassword } from './passwordStrength.js'
import { FrameError, type Handlers } from './protocol.js'
import { createRpc } from './rpc.js'
import { solanaRequest } from './solanaWallet.js'
import type { AccountRecord, DeviceRecord, DeviceStore } from './storage.js'
import { applyTheme } from './theme.js'
import {
  accountShareContext,
  createShares,
  type Eip155Signer,
  type NewShareSet,
  PasskeyError,
  type PasskeyRef,
  type RecoveryLock,
  recoverShares,
  recoveryPasskey,
  type SignableTransaction,
  type SolanaSigner,
  shareContext,
  signDeviceProof,
  type TypedData,
  type UnlockParameters,
  WrongPasskeyError,
  WrongPasswordError,
  wipe,
  withEip155Signer,
  withSolanaSigner,
} from './vault/index.js'

export interface WalletOptions {
  projectId: string
  chainId: string
  /** 'server': the project chose server-assisted (operator-custodial) recovery. */
  recoveryPolicy: 'user' | 'server'
  api: Api
  store: DeviceStore
  record: DeviceRecord
  /** Shows the frame's own recovery screen (the page sees only VISIBILITY events). */
  askPassword: (
    mode: 'setup' | 'recover',
    check: (password: string) => Promise<string | undefined>,
  ) => Promise<void>
  setVisible: (visible: boolean) => void
  sessionEnded: () => void
  /** Passkeys with PRF on the frame's origin (see passkey.ts and ui.ts); absent: password only. */
  passkeys?: Passkeys
  /** The embedding page's origin, as checked at start-up: what the approval screen names. */
  parentOrigin?: string
  /** The project's chain RPC URLs by CAIP-2 id, from the server's configuration (never the page). */
  rpcUrls?: Record<string, string>
  /** The approval screen (replaced in unit tests). */
  showApproval?: typeof showApproval
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
  /** The new-device screen of an account sealed with a passkey. */
  askRecover: (use: () => Promise<string | undefined>) => Promise<void>
}

/** How a new device opens the released recovery share; a string is a message for the visitor. */
type Opener = (released: { mode: string; share: string }) => Promise<RecoveryLock | string>

const passkeyProblem = (error: PasskeyError) =>
  t(error.reason === 'no-prf' ? 'passkey.noPrf' : 'passkey.cancelled')

const hex = (value: bigint | number) => `0x${value.toString(16)}`
const reference = (caip2: string) => BigInt(caip2.split(':')[1] ?? '1')

function invalidParams(error: unknown): never {
  if (error instanceof DecodeError) throw new FrameError(error.message, 'INVALID_PARAMS')
  throw error
}

function toChainId(input: string | number | undefined, fallback: string): string {
  if (input === undefined) return fallback
  const id = typeof input === 'number' ? `eip155:${input}` : input
  if (!/^eip155:[1-9][0-9]{0,15}$/.test(id))
    throw new FrameError(`Unsupported chain: ${id}`, 'UNSUPPORTED_CHAIN')
  return id
}

/** The request handlers of part 1, over the frame's server and its device storage. */
export function createWallet(options: WalletOptions): Handlers {
  const { api, store, projectId } = options
  const record = options.record
  let chainId = toChainId(options.chainId, 'eip155:1')
  let attempt: { id: string; email: string } | undefined

  const save = () => {
    unsaved = false
    return store.save(record)
  }
  /** Whether {@link account} moved the record to another account key since the last save. */
  let unsaved = false
  /** This device's data of the signed-in account, found by user and device id (see accounts.ts);
   * it notes the login email and the email the shares are bound to as the server reports them. */
  const account = (me: Pick<Me, 'email' | 'deviceId' | 'shareContext'>): AccountRecord => {
    const { account: found, moved } = accountOf(record, record.token ?? '', me.deviceId)
    if (moved) unsaved = true
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
        await save()
        options.sessionEnded()
        throw new FrameError('The session has ended: sign in again', 'SESSION_ENDED')
      }
      throw error
    }
  }

  const proof = (purpose: string) => signDeviceProof(api, record, projectId, purpose)

  /** Hands a share set over: this device keeps its wrapped share, the server the rest. */
  async function handOver(me: Me, set: NewShareSet, purpose: 'wallet' | 'reshare'): Promise<undefined> {
    account(me).deviceShare = set.deviceShare
    const body = {
      eip155Address: set.addresses.eip155,
      solanaAddress: set.addresses.solana,
      authShare: set.authShare,
      recovery: set.recovery,
      ...(await proof(purpose)),
    }
    await (purpose === 'wallet' ? api.createWallet(body) : api.reshare(body))
    account(me).eip155Address = set.addresses.eip155
    account(me).solanaAddress = set.addresses.solana
    await save()
    return undefined
  }

  /** A new wallet, its recovery share locked as `how` says (server-assisted: the server encrypts
   * it under its own key). */
  async function createNewWallet(me: Me, how: RecoveryLock): Promise<undefined> {
    return handOver(me, await createShares(record, context(me), how), 'wallet')
  }

  /** A confirmed new device: open the recovery share, rebuild, check, and make this device's set.
   * Resolves a message for the visitor when the password or passkey does not open it. */
  async function recoverOnThisDevice(me: Me, open: Opener): Promise<string | undefined> {
    const released = await api.recovery(await proof('recovery'))
    const how = await open(released)
    if (typeof how === 'string') return how
    let set: NewShareSet | 'mismatch'
    try {
      set = await recoverShares(record, context(me), released, how, me.wallet?.eip155Address)
    } catch (error) {
      if (error instanceof WrongPasswordError) return t('password.wrong')
      if (error instanceof WrongPasskeyError) return t('passkey.wrong')
      throw error
    }
    if (set === 'mismatch') return t('recovery.mismatch')
    return handOver(me, set, 'reshare')
  }

  /** With a visible screen: the page shows the frame above its modal while it is open. */
  async function visibly(fn: () => Promise<void>) {
    options.setVisible(true)
    try {
      await fn()
    } finally {
      options.setVisible(false)
    }
  }

  /** Sign-up: a passkey where the browser offers one (the visitor may pick the password), else
   * the recovery password. */
  async function setUpRecovery(me: Me): Promise<void> {
    const passkeys = options.passkeys
    if (passkeys && (await passkeys.available())) {
      const chosen = await passkeys.askSetup(async () => {
        let created: Awaited<ReturnType<Passkeys['create']>>
        try {
          created = await passkeys.create(me.email)
        } catch (error) {
          if (error instanceof PasskeyError) return passkeyProblem(error)
          throw error
        }
        try {
          return await authed(() =>
            createNewWallet(me, { mode: 'passkey', ref: created.ref, output: created.output }),
          )
        } finally {
          wipe(created.output)
        }
      })
      if (chosen === 'done') return
    }
    // The strength floor (passwordStrength.ts) before any work: a weak password is refused with a
    // message, on the same screen.
    await options.askPassword('setup', async (password) =>
      (await isWeakPassword(password, me.email))
        ? t('password.weak')
        : authed(() => createNewWallet(me, { mode: 'password', password })),
    )
  }

  /** A new device of an account sealed with a passkey: the same passkey (synced, or a security
   * key) gives the same PRF output, which opens the recovery share here. */
  async function recoverWithPasskey(me: Me): Promise<void> {
    const passkeys = options.passkeys
    await (passkeys?.askRecover ?? (() => Promise.reject(new Error('No passkeys here'))))(async () => {
      let output: Uint8Array | undefined
      try {
        return await authed(() =>
          recoverOnThisDevice(me, async (released) => {
            const ref = recoveryPasskey(released)
            if (ref === undefined || passkeys === undefined) return t('passkey.notUsed')
            try {
              output = await passkeys.output(ref)
            } catch (error) {
              if (error instanceof PasskeyError) return t('passkey.notUsed')
              throw error
            }
            return { mode: 'passkey', ref, output }
          }),
        )
      } finally {
        wipe(output)
      }
    })
  }

  async function user(payloadChain?: string | number) {
    if (payloadChain !== undefined) chainId = toChainId(payloadChain, chainId)
    let me = await authed(() => api.me())
    if (me.wallet === null) {
      const current = me
      if (options.recoveryPolicy === 'server')
        await authed(() => createNewWallet(current, { mode: 'server' }))
      else await visibly(() => setUpRecovery(current))
      me = await authed(() => api.me())
    } else if (!me.deviceHasShare || account(me).deviceShare === undefined) {
      const current = me
      if (me.wallet.recoveryMode === 'server') {
        const problem = await authed(() =>
          recoverOnThisDevice(current, async () => ({ mode: 'server' })),
        ).catch(heldOrStopped)
        if (problem !== undefined) throw new FrameError(problem, 'RECOVERY_FAILED')
      } else if (me.wallet.recoveryMode === 'passkey') await visibly(() => recoverWithPasskey(current))
      else
        await visibly(() =>
          options.askPassword('recover', (password) =>
            authed(() => recoverOnThisDevice(current, async () => ({ mode: 'password', password }))),
          ),
        )
      me = await authed(() => api.me())
    }
    if (unsaved) await save()
    surfaceNotices(me)
    const address = me.wallet?.eip155Address
    if (!address) throw new FrameError('The wallet could not be created', 'NO_WALLET')
    const checksummed =
      account(me).eip155Address?.toLowerCase() === address ? account(me).eip155Address! : address
    return {
      email: me.email,
      address: checksummed,
      chainId,
      accounts: [{ address: checksummed, type: 'eoa' as const }],
      preferredAccountType: 'eoa' as const,
      smartAccountDeployed: false,
      ...(me.wallet?.solanaAddress ? { solanaAddress: me.wallet.solanaAddress } : {}),
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
  /** The email change in progress: its attempt secret stays in the frame. */
  let emailUpdate: { id: string } | undefined
  // ---- Server-assisted recovery: the notices of other devices' recoveries, and this device's hold.

  /** Notices already on screen or queued, so a second GET_USER does not show them twice. */
  const noticesShown = new Set<string>()
  /** Shows each new notice on the frame's own screen, one after another, after the answer. */
  function surfaceNotices(me: Me) {
    const fresh = validNotices(me.notices).filter((notice) => !noticesShown.has(notice.id))
    if (fresh.length === 0) return
    for (const notice of fresh) noticesShown.add(notice.id)
    const show = options.showRecoveryNotice ?? showRecoveryNotice
    const { previous, release } = takeTurn()
    void previous
      .then(() =>
        visibly(async () => {
          for (const notice of fresh)
            await show(notice, {
              dismiss: () => authed(async () => void (await api.dismissNotice(notice.id))),
              stop: () =>
                authed(async () => {
                  try {
                    await api.stopRecovery({ id: notice.id, ...(await proof('cancel-recovery')) })
                    return undefined
                  } catch (error) {
                    if (error instanceof ApiError && error.code === 'recovery_not_pending')
                      return t('recoveryNotice.tooLate')
                    throw error
                  }
                }),
            })
        }),
      )
      .catch(() => undefined)
      .finally(release)
  }

  /** The latest hold screen: a newer one replaces it, and only its Close hides the frame. */
  let waitScreen = 0
  function showWait(kind: 'pending' | 'cancelled', until?: string) {
    const mine = ++waitScreen
    options.setVisible(true)
    void (options.showRecoveryWait ?? showRecoveryWait)(kind, until).then(() => {
      if (mine === waitScreen) options.setVisible(false)
    })
  }

  /** This new device's server-assisted recovery is held or was stopped: say so, on screen too. */
  function heldOrStopped(error: unknown): never {
    if (error instanceof ApiError && error.code === 'recovery_pending') {
      const until = typeof error.extra.until === 'string' ? error.extra.until : new Date().toISOString()
      showWait('pending', until)
      throw new FrameError(t('recoveryWait.pendingText', { until: formatTime(until) }), 'RECOVERY_PENDING', {
        until,
      })
    }
    if (error instanceof ApiError && error.code === 'recovery_cancelled') {
      showWait('cancelled')
      throw new FrameError(t('recoveryWait.cancelledText'), 'RECOVERY_CANCELLED')
    }
    throw error
  }

  // ---- Signing: every unsafe request waits for the visitor on the frame's screen.

  let dappName: string | undefined
  /** Bumped by a rejection or an abort: every request queued before it is aborted. */
  let generation = 0
  let queue: Promise<void> = Promise.resolve()
  /** A place in the queue of the frame's screens: wait for `previous`, then `release` the next. */
  function takeTurn(): { previous: Promise<void>; release: () => void } {
    const previous = queue
    let release = () => {}
    queue = new Promise<void>((resolve) => {
      release = resolve
    })
    return { previous, release }
  }
  let closeScreen: (() => void) | undefined
  const aborted = () => new FrameError('Request was aborted', 'ABORTED')
  const abortAll = () => {
    generation++
    closeScreen?.()
  }

  const rpcFor = (chain: string) => {
    const url = options.rpcUrls?.[chain]
    if (url === undefined) throw new FrameError(`No RPC is configured for ${chain}`, 'NO_RPC')
    return createRpc(url)
  }

  const unlockParameters = (signedIn: AccountRecord): UnlockParameters => ({
    record,
    account: signedIn,
    context: accountShareContext(projectId, signedIn, record.email),
    releaseAuthShare: () => authed(async () => api.share(await proof('share'))),
  })

  /** Unlocks the wallet for one request and signs as `address` (refused when the key is not its). */
  type Unlocker<S> = <T>(
    signedIn: AccountRecord,
    address: string,
    use: (signer: S) => Promise<T> | T,
  ) => Promise<T>
  const eip155Signer: Unlocker<Eip155Signer> = (signedIn, address, use) =>
    withEip155Signer(unlockParameters(signedIn), address, use)
  const solanaSigner: Unlocker<SolanaSigner> = (signedIn, address, use) =>
    withSolanaSigner(unlockParameters(signedIn), address, use)

  /** One approval at a time: build the screen, wait for the visitor, then sign with the key. */
  async function withApproval<T, S = Eip155Signer>(
    signedIn: AccountRecord,
    address: string,
    build: () => Promise<ApprovalView>,
    run: (signer: S) => Promise<T> | T,
    keyOf: Unlocker<S> = eip155Signer as unknown as Unlocker<S>,
  ): Promise<T> {
    const mine = generation
    const { previous, release } = takeTurn()
    try {
      await previous
      if (mine !== generation) throw aborted()
      const view = await build()
      if (mine !== generation) throw aborted()
      options.setVisible(true)
      try {
        const screen = (options.showApproval ?? showApproval)(view)
        closeScreen = screen.cancel
        const approved = await screen.decision
        closeScreen = undefined
        if (mine !== generation) throw aborted()
        if (approved === 'aborted') {
          // The approval window closed unanswered: as the page's Cancel (spec §8).
          generation++
          throw aborted()
        }
        if (!approved) {
          // A rejection aborts every unsafe request still waiting behind this one (spec §4, §6).
          generation++
          throw new FrameError('User rejected the request', 'USER_REJECTED')
        }
        return await keyOf(signedIn, address, run)
      } finally {
        closeScreen = undefined
        options.setVisible(false)
      }
    } finally {
      release()
    }
  }

  const sameAddress = (a: string, b: string) => {
    if (a.toLowerCase() !== b.toLowerCase())
      throw new FrameError('The request is for another account', 'WRONG_ACCOUNT')
  }

  async function unsafe(
    method: string,
    params: unknown[],
    signedIn: AccountRecord,
    address: string,
  ): Promise<unknown> {
    const base = { origin: options.parentOrigin ?? '', dappName, from: address }
    if (method === 'personal_sign') {
      const request = (() => {
        try {
          return decodePersonalSign(params)
        } catch (error) {
          return invalidParams(error)
        }
      })()
      sameAddress(request.address, address)
      return withApproval(
        signedIn,
        address,
        async () => ({ ...base, kind: 'message', text: request.text, hex: request.message }),
        (signer) => signer.signPersonal(request.message),
      )
    }
    if (method === 'eth_signTypedData_v4') {
      let request: ReturnType<typeof decodeTypedDataRequest>
      let summary: ReturnType<typeof summarizeTypedData>
      try {
        request = decodeTypedDataRequest(params)
        summary = summarizeTypedData(request.typedData)
      } catch (error) {
        return invalidParams(error)
      }
      sameAddress(request.address, address)
      return withApproval(
        signedIn,
        address,
        async () => ({ ...base, kind: 'typedData', summary, chainId: reference(chainId) }),
        (signer) => signer.signTypedData(request.typedData as unknown as TypedData),
      )
    }
    // eth_sendTransaction: filled (nonce, gas, fees) before the screen, so it shows what is signed.
    let tx: ReturnType<typeof decodeTransactionRequest>
    try {
      tx = decodeTransactionRequest(params)
    } catch (error) {
      return invalidParams(error)
    }
    sameAddress(tx.from, address)
    const chain = chainId
    if (tx.chainId !== undefined && tx.chainId !== reference(chain))
      throw new FrameError('The transaction is for another chain', 'CHAIN_MISMATCH')
    const rpc = rpcFor(chain)
    let filled: SignableTransaction | undefined
    const raw = await withApproval(
      signedIn,
      address,
      async () => {
        const call = {
          from: address,
          ...(tx.to ? { to: tx.to } : {}),
          value: hex(tx.value),
          ...(tx.data ? { data: tx.data } : {}),
        }
        const nonce =
          tx.nonce ?? Number(BigInt(String(await rpc('eth_getTransactionCount', [address, 'pending']))))
        const gas = tx.gas ?? BigInt(String(await rpc('eth_estimateGas', [call])))
        let maxFeePerGas = tx.maxFeePerGas ?? tx.gasPrice
        let maxPriorityFeePerGas = tx.maxPriorityFeePerGas ?? tx.gasPrice
        if (maxPriorityFeePerGas === undefined)
          maxPriorityFeePerGas = BigInt(String(await rpc('eth_maxPriorityFeePerGas', [])))
        if (maxFeePerGas === undefined) {
          const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as {
            baseFeePerGas?: string
          } | null
          maxFeePerGas = BigInt(block?.baseFeePerGas ?? '0') * 2n + maxPriorityFeePerGas
        }
        if (maxPriorityFeePerGas > maxFeePerGas) maxPriorityFeePerGas = maxFeePerGas
        filled = {
          type: 'eip1559',
          chainId: Number(reference(chain)),
          nonce,
          gas,
          maxFeePerGas,
          maxPriorityFeePerGas,
          value: tx.value,
          ...(tx.to ? { to: tx.to } : {}),
          ...(tx.data ? { data: tx.data } : {}),
        }
        return {
          ...base,
          kind: 'transaction',
          to: tx.to,
          value: tx.value,
          data: tx.data,
          chainId: reference(chain),
          nonce,
          gas,
          maxFeePerGas,
          maxPriorityFeePerGas,
        }
      },
      (signer) => signer.signTransaction(filled!),
    )
    // The key is wiped by now; only the signed bytes go to the chain.
    return rpc('eth_sendRawTransaction', [raw])
  }

  return {
    async UPDATE_EMAIL({ email }) {
      const normalized = email.trim().toLowerCase()
      try {
        const started = await authed(() => api.updateEmail(normalized))
        emailUpdate = { id: started.attemptId }
      } catch (error) {
        throw throttled(error)
      }
      return { action: 'VERIFY_PRIMARY_OTP' as const }
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      const current = emailUpdate
      if (current === undefined) throw new FrameError('Start with the new email', 'NO_EMAIL_UPDATE')
      try {
        await authed(() => api.updateEmailPrimary(current.id, otp))
      } catch (error) {
        throw throttled(error)
      }
      return { action: 'VERIFY_SECONDARY_OTP' as const }
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const current = emailUpdate
      if (current === undefined) throw new FrameError('Start with the new email', 'NO_EMAIL_UPDATE')
      const me = await authed(() => api.updateEmailSecondary(current.id, otp))
      emailUpdate = undefined
      // This device's record of the account is keyed by ids: it stays; it notes the new email.
      const old = record.email
      account({ ...me, shareContext: me.shareContext ?? old })
      await save()
      return { newEmail: me.email }
    },
    async CONNECT_EMAIL({ email }) {
      const normalized = email.trim().toLowerCase()
      if (record.token && record.email === normalized) {
        const me = await api.me().catch(() => undefined)
        if (me !== undefined) return { action: 'CONNECT' }
      }
      try {
        const started = await api.login(normalized, deviceIdFor(record, normalized))
        attempt = { id: started.attemptId, email: normalized }
        return { action: started.action }
      } catch (error) {
        throw throttled(error)
      }
    },
    async CONNECT_DEVICE() {
      if (attempt === undefined) throw new FrameError('Start with your email', 'NO_LOGIN')
      const deadline = Date.now() + 25_000
      while (Date.now() < deadline) {
        if ((await api.deviceStatus(attempt.id)).confirmed) return {}
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
      throw new FrameError(
        'The device is not confirmed yet: open the link in the email',
        'DEVICE_NOT_CONFIRMED',
      )
    },
    async CONNECT_OTP({ otp }) {
      if (attempt === undefined) throw new FrameError('Start with your email', 'NO_LOGIN')
      const devicePublicKey = await crypto.subtle.exportKey('jwk', record.deviceKey.publicKey)
      const session = await api.otp(attempt.id, otp, devicePublicKey)
      // Each account keeps its own device id and share set on this device: another account signing
      // in here never discards them.
      record.token = session.token
      account({ email: attempt.email, deviceId: session.deviceId })
      attempt = undefined
      await save()
      return {}
    },
    GET_USER: ({ chainId: requested }) => user(requested),
    async IS_CONNECTED() {
      if (!record.token) return { isConnected: false }
      try {
        const me = await authed(() => api.me())
        surfaceNotices(me)
        const connected = me.wallet !== null && account(me).deviceShare !== undefined
        if (unsaved) await save()
        return { isConnected: connected }
      } catch (error) {
        if (error instanceof FrameError && error.code === 'SESSION_ENDED') return { isConnected: false }
        throw error
      }
    },
    async GET_CHAIN_ID() {
      return { chainId }
    },
    async SWITCH_NETWORK({ chainId: next }) {
      chainId = toChainId(next, chainId)
      return { chainId }
    },
    async SIGN_OUT() {
      abortAll()
      const token = record.token
      record.token = undefined
      await save()
      if (token) {
        // Revoked on the server; the device key and device share stay (the device stays known).
        await api.signOutWith(token).catch(() => undefined)
      }
      return {}
    },
    async SYNC_THEME({ themeMode, themeVariables }) {
      applyTheme(themeMode, themeVariables)
      return {}
    },
    async SYNC_DAPP_DATA({ metadata }) {
      // A claim of the page: shown as unverified, as text only; its icons are never loaded.
      dappName = metadata?.name ? metadata.name.trim().slice(0, 60) || undefined : undefined
      return {}
    },
    async ABORT_REQUESTS() {
      abortAll()
      return {}
    },
    async EXPORT_WALLET() {
      const email = record.email
      if (!email || currentAccount(record)?.deviceShare === undefined)
        throw new FrameError('Not signed in', 'NOT_CONNECTED')
      let opened = false
      await visibly(async () => {
        opened = await askExport({ email, projectId })
      })
      return { opened }
    },
    async SOLANA_REQUEST(payload) {
      const signedIn = currentAccount(record)
      const address = signedIn?.solanaAddress
      return {
        result: await solanaRequest(payload, {
          address,
          origin: options.parentOrigin ?? '',
          dappName,
          rpcUrl: options.rpcUrls?.[payload.chainId],
          approve: (build, run) => {
            if (!signedIn || !address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
            return withApproval(signedIn, address, build, run, solanaSigner)
          },
        }),
      }
    },
    async RPC_REQUEST({ method, params }) {
      const signedIn = currentAccount(record)
      const address = signedIn?.eip155Address
      const kind = classifyMethod(method)
      if (kind === 'disallowed') throw new FrameError('Requested RPC call is not allowed', 'NOT_ALLOWED')
      const list = params === undefined ? [] : params
      if (!Array.isArray(list)) throw new FrameError('The parameters must be an array', 'INVALID_PARAMS')
      if (kind === 'safe') return { result: await rpcFor(chainId)(method, list) }
      if (kind === 'chain') {
        const requested = (list[0] as { chainId?: unknown } | undefined)?.chainId
        if (typeof requested !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(requested))
          throw new FrameError('Invalid chain id', 'INVALID_PARAMS')
        const next = `eip155:${BigInt(requested)}`
        if (options.rpcUrls !== undefined && options.rpcUrls[next] === undefined)
          throw new FrameError(`Unsupported chain: ${next}`, 'UNSUPPORTED_CHAIN')
        chainId = toChainId(next, chainId)
        return { result: null }
      }
      if (kind === 'unsafe') {
        if (!signedIn || !address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
        return { result: await unsafe(method, list, signedIn, address) }
      }
      switch (method) {
        case 'eth_accounts':
          return { result: record.token && address ? [address] : [] }
        case 'eth_requestAccounts':
          if (!record.token || !address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
          return { result: [address] }
        case 'eth_chainId':
          return { result: `0x${BigInt(chainId.split(':')[1] ?? '1').toString(16)}` }
        default:
          throw new FrameError('Requested RPC call is not allowed', 'NOT_ALLOWED')
      }
    },
  }
}
