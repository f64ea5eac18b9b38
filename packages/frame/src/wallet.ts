import { base64urlnopad } from '@scure/base'
import { type Api, ApiError, type Me, type ShareBody } from './api.js'
import {
  addressesOf,
  combineShares,
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
import { t } from './i18n.js'
import { PasskeyError } from './passkey.js'
import { FrameError, type Handlers } from './protocol.js'
import { type AccountRecord, type DeviceRecord, type DeviceStore, wrapShare } from './storage.js'

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

const text = new TextEncoder()

function sessionIdOf(token: string): string {
  const payload = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(token.split('.')[1] ?? ''))) as {
    jti?: unknown
  }
  if (typeof payload.jti !== 'string') throw new FrameError('The session token is malformed', 'SESSION_ENDED')
  return payload.jti
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
  const context = (userEmail: string) => `latch-share|${projectId}|${userEmail}`

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

  async function proof(purpose: string) {
    const { nonce } = await api.nonce()
    const message = `latch-embedded/1|${purpose}|${projectId}|${sessionIdOf(record.token!)}|${nonce}`
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      record.deviceKey.privateKey,
      text.encode(message),
    )
    return { nonce, signature: base64urlnopad.encode(new Uint8Array(signature)) }
  }

  /** A new wallet: seed, split, and the recovery share sealed under the visitor's password (or,
   * with server-assisted recovery, handed to the server, which encrypts it under its own key). */
  const serverSealer: Sealer = async (share) => ({ mode: 'server', share: base64urlnopad.encode(share) })
  const passwordSealer =
    (password: string, email: string): Sealer =>
    async (share) => ({ mode: 'password', share: await sealRecovery(share, password, context(email)) })
  const passkeySealer =
    (ref: PasskeyRef, output: Uint8Array, email: string): Sealer =>
    async (share) => ({
      mode: 'passkey',
      share: await sealRecoveryWithPasskey(share, output, ref, context(email)),
    })

  async function createNewWallet(me: Me, seal: Sealer): Promise<undefined> {
    const entropy = newEntropy()
    let shares: Awaited<ReturnType<typeof splitEntropy>> | undefined
    try {
      const addresses = await addressesOf(entropy)
      shares = await splitEntropy(entropy)
      const recovery = await seal(shares.recovery)
      account(me.email).deviceShare = await wrapShare(record, shares.device, context(me.email))
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
        return 'The recovered wallet does not match this account'
      shares = await splitEntropy(entropy)
      const recovery = await opened.reseal(shares.recovery)
      account(me.email).deviceShare = await wrapShare(record, shares.device, context(me.email))
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
          return await authed(() => createNewWallet(me, passkeySealer(created.ref, created.output, me.email)))
        } finally {
          wipe(created.output)
        }
      })
      if (chosen === 'done') return
    }
    await options.askPassword('setup', (password) =>
      authed(() => createNewWallet(me, passwordSealer(password, me.email))),
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
              const share = await openRecoveryWithPasskey(released.share, output, context(me.email))
              return { share, reseal: passkeySealer(ref, output, me.email) }
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
    if (payloadChain !== undefined) chainId = toChainId(payloadChain, chainId)
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
        )
        if (problem !== undefined) throw new FrameError(problem, 'RECOVERY_FAILED')
      } else if (me.wallet.recoveryMode === 'passkey') await visibly(() => recoverWithPasskey(current))
      else
        await visibly(() =>
          options.askPassword('recover', (password) =>
            authed(() =>
              recoverOnThisDevice(current, async (released) => {
                try {
                  const share = await openRecovery(released.share, password, context(current.email))
                  return { share, reseal: passwordSealer(password, current.email) }
                } catch (error) {
                  if (error instanceof WrongPasswordError) return error.message
                  throw error
                }
              }),
            ),
          ),
        )
      me = await authed(() => api.me())
    }
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

  return {
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
        if (error instanceof ApiError && error.code === 'THROTTLED') {
          const retryAfter = Number(error.extra.retryAfter) || 30
          throw new FrameError(`Please try again after ${retryAfter} seconds`, 'THROTTLED', { retryAfter })
        }
        throw error
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
      chainId = toChainId(next, chainId)
      return { chainId }
    },
    async SIGN_OUT() {
      const token = record.token
      record.token = undefined
      await save()
      if (token) {
        // Revoked on the server; the device key and device share stay (the device stays known).
        await api.signOutWith(token).catch(() => undefined)
      }
      return {}
    },
    async SYNC_THEME({ themeMode }) {
      if (themeMode) document.documentElement.style.colorScheme = themeMode
      return {}
    },
    async SYNC_DAPP_DATA() {
      return {}
    },
    async RPC_REQUEST({ method }) {
      const address = record.email ? record.accounts?.[record.email]?.eip155Address : undefined
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
