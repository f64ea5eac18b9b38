import { base64urlnopad } from '@scure/base'
import { type Api, ApiError, type Me, type ShareBody } from './api.js'
import { type ApprovalView, prepareView, showApproval } from './approval.js'
import {
  addressesOf,
  combineShares,
  eip155Address,
  newEntropy,
  openRecovery,
  openRecoveryWithPasskey,
  type PasskeyRef,
  passkeyOf,
  sealRecovery,
  sealRecoveryWithPasskey,
  splitEntropy,
  WrongPasskeyError,
  WrongPasswordError,
  wipe,
} from './custody.js'
import {
  DecodeError,
  decodePersonalSign,
  decodeTransactionRequest,
  decodeTypedDataRequest,
} from './decode.js'
import { askExport } from './export.js'
import { t } from './i18n.js'
import { classifyMethod, switchableChain } from './methods.js'
import { formatTime, showRecoveryNotice, showRecoveryWait, validNotices } from './notices.js'
import { PasskeyError } from './passkey.js'
import { signDeviceProof } from './proof.js'
import { FrameError, type Handlers } from './protocol.js'
import { createRpc } from './rpc.js'
import { signPersonalMessage, signTransactionWith, signTypedDataWith } from './sign.js'
import { solanaAddressOf } from './solana.js'
import { solanaRequest } from './solanaWallet.js'
import { type AccountRecord, type DeviceRecord, type DeviceStore, wrapShare } from './storage.js'
import { applyTheme } from './theme.js'
import { type UnlockParameters, withEip155Key, withSolanaKey } from './unlock.js'

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

/** Seals a recovery share for the server: under a password, a passkey, or (server-assisted) not. */
type Sealer = (share: Uint8Array) => Promise<ShareBody['recovery']>
/** Opens the recovery share the server released; a string is a message for the visitor. */
type Opener = (released: {
  mode: string
  share: string
}) => Promise<{ share: Uint8Array; reseal: Sealer } | string>

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

  const save = () => store.save(record)
  /** This device's data of one account (created empty on first use). */
  const account = (email: string): AccountRecord => {
    record.accounts ??= {}
    record.accounts[email] ??= {}
    return record.accounts[email]
  }
  /** The associated data of this account's sealed shares: bound to the account's first email,
   * which the server keeps as `shareContext` once the login email changes. */
  type ShareOwner = Pick<Me, 'email' | 'shareContext'>
  const context = (me: ShareOwner) => `latch-share|${projectId}|${me.shareContext ?? me.email}`

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

  /** A new wallet: seed, split, and the recovery share sealed under the visitor's password (or,
   * with server-assisted recovery, handed to the server, which encrypts it under its own key). */
  const serverSealer: Sealer = async (share) => ({ mode: 'server', share: base64urlnopad.encode(share) })
  const passwordSealer =
    (password: string, me: ShareOwner): Sealer =>
    async (share) => ({ mode: 'password', share: await sealRecovery(share, password, context(me)) })
  const passkeySealer =
    (ref: PasskeyRef, output: Uint8Array, me: ShareOwner): Sealer =>
    async (share) => ({
      mode: 'passkey',
      share: await sealRecoveryWithPasskey(share, output, ref, context(me)),
    })

  async function createNewWallet(me: Me, seal: Sealer): Promise<undefined> {
    const entropy = newEntropy()
    let shares: Awaited<ReturnType<typeof splitEntropy>> | undefined
    try {
      const addresses = await addressesOf(entropy)
      shares = await splitEntropy(entropy)
      const recovery = await seal(shares.recovery)
      account(me.email).deviceShare = await wrapShare(record, shares.device, context(me))
      await api.createWallet({
        eip155Address: addresses.eip155,
        solanaAddress: addresses.solana,
        authShare: base64urlnopad.encode(shares.auth),
        recovery,
        ...(await proof('wallet')),
      })
      account(me.email).eip155Address = addresses.eip155
      account(me.email).solanaAddress = addresses.solana
      await save()
      return undefined
    } finally {
      wipe(entropy, shares?.device, shares?.auth, shares?.recovery)
    }
  }

  /** A confirmed new device: open the recovery share, rebuild, check, and make this device's set.
   * Resolves a message for the visitor when the password is wrong. */
  async function recoverOnThisDevice(me: Me, open: Opener): Promise<string | undefined> {
    const released = await api.recovery(await proof('recovery'))
    let recoveryShare: Uint8Array | undefined
    let authShare: Uint8Array | undefined
    let entropy: Uint8Array | undefined
    let shares: Awaited<ReturnType<typeof splitEntropy>> | undefined
    try {
      const opened = await open(released)
      if (typeof opened === 'string') return opened
      recoveryShare = opened.share
      authShare = base64urlnopad.decode(released.authShare)
      entropy = await combineShares(recoveryShare, authShare)
      const addresses = await addressesOf(entropy)
      if (addresses.eip155.toLowerCase() !== me.wallet?.eip155Address.toLowerCase())
        return t('recovery.mismatch')
      shares = await splitEntropy(entropy)
      const recovery = await opened.reseal(shares.recovery)
      account(me.email).deviceShare = await wrapShare(record, shares.device, context(me))
      await api.reshare({
        eip155Address: addresses.eip155,
        solanaAddress: addresses.solana,
        authShare: base64urlnopad.encode(shares.auth),
        recovery,
        ...(await proof('reshare')),
      })
      account(me.email).eip155Address = addresses.eip155
      account(me.email).solanaAddress = addresses.solana
      await save()
      return undefined
    } finally {
      wipe(recoveryShare, authShare, entropy, shares?.device, shares?.auth, shares?.recovery)
    }
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
          return await authed(() => createNewWallet(me, passkeySealer(created.ref, created.output, me)))
        } finally {
          wipe(created.output)
        }
      })
      if (chosen === 'done') return
    }
    await options.askPassword('setup', (password) =>
      authed(() => createNewWallet(me, passwordSealer(password, me))),
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
            const ref = passkeyOf(released.share)
            if (ref === undefined || passkeys === undefined) return t('passkey.notUsed')
            try {
              output = await passkeys.output(ref)
            } catch (error) {
              if (error instanceof PasskeyError) return t('passkey.notUsed')
              throw error
            }
            try {
              const share = await openRecoveryWithPasskey(released.share, output, context(me))
              return { share, reseal: passkeySealer(ref, output, me) }
            } catch (error) {
              if (error instanceof WrongPasskeyError) return t('passkey.wrong')
              throw error
            }
          }),
        )
      } finally {
        wipe(output)
      }
    })
  }

  async function user(payloadChain?: string | number) {
    if (payloadChain !== undefined)
      chainId = switchableChain(toChainId(payloadChain, chainId), chainId, options.rpcUrls)
    let me = await authed(() => api.me())
    if (me.wallet === null) {
      const current = me
      if (options.recoveryPolicy === 'server') await authed(() => createNewWallet(current, serverSealer))
      else await visibly(() => setUpRecovery(current))
      me = await authed(() => api.me())
    } else if (!me.deviceHasShare || account(me.email).deviceShare === undefined) {
      const current = me
      if (me.wallet.recoveryMode === 'server') {
        const problem = await authed(() =>
          recoverOnThisDevice(current, async (released) => ({
            share: base64urlnopad.decode(released.share),
            reseal: serverSealer,
          })),
        ).catch(heldOrStopped)
        if (problem !== undefined) throw new FrameError(problem, 'RECOVERY_FAILED')
      } else if (me.wallet.recoveryMode === 'passkey') await visibly(() => recoverWithPasskey(current))
      else
        await visibly(() =>
          options.askPassword('recover', (password) =>
            authed(() =>
              recoverOnThisDevice(current, async (released) => {
                try {
                  const share = await openRecovery(released.share, password, context(current))
                  return { share, reseal: passwordSealer(password, current) }
                } catch (error) {
                  if (error instanceof WrongPasswordError) return t('password.wrong')
                  throw error
                }
              }),
            ),
          ),
        )
      me = await authed(() => api.me())
    }
    surfaceNotices(me)
    const address = me.wallet?.eip155Address
    if (!address) throw new FrameError('The wallet could not be created', 'NO_WALLET')
    const checksummed =
      account(me.email).eip155Address?.toLowerCase() === address ? account(me.email).eip155Address! : address
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

  const unlockParameters = (email: string): UnlockParameters => ({
    record,
    email,
    context: context({ email, shareContext: account(email).shareContext }),
    releaseAuthShare: () => authed(async () => api.share(await proof('share'))),
  })

  /** The key `unlock` rebuilds for one request, refused unless it is `address`'s. */
  const checkedKey =
    (unlock: typeof withEip155Key, isAddressOf: (key: Uint8Array, address: string) => boolean) =>
    <T>(email: string, address: string, use: (key: Uint8Array) => Promise<T> | T) =>
      unlock(unlockParameters(email), async (key) => {
        if (!isAddressOf(key, address))
          throw new FrameError('The unlocked key is not this account’s', 'WRONG_KEY')
        return use(key)
      })
  const eip155Key = checkedKey(
    withEip155Key,
    (key, address) => eip155Address(key).toLowerCase() === address.toLowerCase(),
  )
  const solanaKey = checkedKey(withSolanaKey, (key, address) => solanaAddressOf(key) === address)

  /** One approval at a time: build the screen, wait for the visitor, then sign with the key. */
  async function withApproval<T>(
    email: string,
    address: string,
    build: () => Promise<ApprovalView>,
    run: (privateKey: Uint8Array) => Promise<T> | T,
    keyOf: typeof eip155Key = eip155Key,
  ): Promise<T> {
    const mine = generation
    const { previous, release } = takeTurn()
    try {
      await previous
      if (mine !== generation) throw aborted()
      // Checked, made canonical and completed (token decimals) before the screen: see approval.ts.
      const view = await prepareView(await build(), options.rpcUrls)
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
        return await keyOf(email, address, run)
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

  async function unsafe(method: string, params: unknown[], email: string, address: string): Promise<unknown> {
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
        email,
        address,
        async () => ({ ...base, kind: 'message', text: request.text, hex: request.message }),
        (key) => signPersonalMessage(request.message, key),
      )
    }
    if (method === 'eth_signTypedData_v4') {
      let request: ReturnType<typeof decodeTypedDataRequest>
      try {
        request = decodeTypedDataRequest(params)
      } catch (error) {
        return invalidParams(error)
      }
      sameAddress(request.address, address)
      return withApproval(
        email,
        address,
        async () => ({
          ...base,
          kind: 'typedData',
          typedData: request.typedData,
          chainId: reference(chainId),
        }),
        (key) =>
          signTypedDataWith(request.typedData as unknown as Parameters<typeof signTypedDataWith>[0], key),
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
    let filled: Parameters<typeof signTransactionWith>[0] | undefined
    const raw = await withApproval(
      email,
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
      (key) => signTransactionWith(filled!, key),
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
      // This device's data of the account (device id, device share) moves with the login.
      const old = record.email
      if (old !== undefined && old !== me.email && record.accounts?.[old] !== undefined) {
        record.accounts[me.email] = record.accounts[old]
        delete record.accounts[old]
      }
      record.email = me.email
      account(me.email).shareContext = me.shareContext ?? old
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
        const started = await api.login(normalized, record.accounts?.[normalized]?.deviceId)
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
      // Each email keeps its own device id and share set on this device: another account signing
      // in here never discards them.
      account(attempt.email).deviceId = session.deviceId
      record.token = session.token
      record.email = attempt.email
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
        return { isConnected: me.wallet !== null && account(me.email).deviceShare !== undefined }
      } catch (error) {
        if (error instanceof FrameError && error.code === 'SESSION_ENDED') return { isConnected: false }
        throw error
      }
    },
    async GET_CHAIN_ID() {
      return { chainId }
    },
    async SWITCH_NETWORK({ chainId: next }) {
      chainId = switchableChain(toChainId(next, chainId), chainId, options.rpcUrls)
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
      if (!record.token || !email || account(email).deviceShare === undefined)
        throw new FrameError('Not signed in', 'NOT_CONNECTED')
      let opened = false
      await visibly(async () => {
        opened = await askExport({ email, projectId })
      })
      return { opened }
    },
    async SOLANA_REQUEST(payload) {
      const email = record.token ? record.email : undefined
      const address = email ? account(email).solanaAddress : undefined
      return {
        result: await solanaRequest(payload, {
          address,
          origin: options.parentOrigin ?? '',
          dappName,
          rpcUrl: options.rpcUrls?.[payload.chainId],
          approve: (build, run) => {
            if (!email || !address) throw new FrameError('Not signed in', 'NOT_CONNECTED')
            return withApproval(email, address, build, run, solanaKey)
          },
        }),
      }
    },
    async RPC_REQUEST({ method, params }) {
      const address = record.email ? record.accounts?.[record.email]?.eip155Address : undefined
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
        chainId = switchableChain(toChainId(next, chainId), chainId, options.rpcUrls)
        return { result: null }
      }
      if (kind === 'unsafe') {
        if (!record.token || !address || !record.email) throw new FrameError('Not signed in', 'NOT_CONNECTED')
        return { result: await unsafe(method, list, record.email, address) }
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
