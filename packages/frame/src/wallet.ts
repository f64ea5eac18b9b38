import { base64urlnopad } from '@scure/base'
import { type Api, ApiError, type Me } from './api.js'
import {
  addressesOf,
  combineShares,
  newEntropy,
  openRecovery,
  sealRecovery,
  splitEntropy,
  WrongPasswordError,
  wipe,
} from './custody.js'
import { askExport } from './export.js'
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
}

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
  async function createNewWallet(me: Me, password: string | undefined): Promise<undefined> {
    const entropy = newEntropy()
    let shares: Awaited<ReturnType<typeof splitEntropy>> | undefined
    try {
      const addresses = await addressesOf(entropy)
      shares = await splitEntropy(entropy)
      const recovery =
        password === undefined
          ? { mode: 'server' as const, share: base64urlnopad.encode(shares.recovery) }
          : {
              mode: 'password' as const,
              share: await sealRecovery(shares.recovery, password, context(me.email)),
            }
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
  async function recoverOnThisDevice(me: Me, password: string | undefined): Promise<string | undefined> {
    const released = await api.recovery(await proof('recovery'))
    let recoveryShare: Uint8Array | undefined
    let authShare: Uint8Array | undefined
    let entropy: Uint8Array | undefined
    let shares: Awaited<ReturnType<typeof splitEntropy>> | undefined
    try {
      if (released.mode === 'server') recoveryShare = base64urlnopad.decode(released.share)
      else {
        try {
          recoveryShare = await openRecovery(released.share, password ?? '', context(me.email))
        } catch (error) {
          if (error instanceof WrongPasswordError) return error.message
          throw error
        }
      }
      authShare = base64urlnopad.decode(released.authShare)
      entropy = await combineShares(recoveryShare, authShare)
      const addresses = await addressesOf(entropy)
      if (addresses.eip155.toLowerCase() !== me.wallet?.eip155Address.toLowerCase())
        return 'The recovered wallet does not match this account'
      shares = await splitEntropy(entropy)
      const recovery =
        released.mode === 'server'
          ? { mode: 'server' as const, share: base64urlnopad.encode(shares.recovery) }
          : {
              mode: 'password' as const,
              share: await sealRecovery(shares.recovery, password ?? '', context(me.email)),
            }
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

  async function user(payloadChain?: string | number) {
    if (payloadChain !== undefined) chainId = toChainId(payloadChain, chainId)
    let me = await authed(() => api.me())
    if (me.wallet === null) {
      const current = me
      if (options.recoveryPolicy === 'server') await authed(() => createNewWallet(current, undefined))
      else
        await visibly(() =>
          options.askPassword('setup', (password) => authed(() => createNewWallet(current, password))),
        )
      me = await authed(() => api.me())
    } else if (!me.deviceHasShare || account(me.email).deviceShare === undefined) {
      const current = me
      if (me.wallet.recoveryMode === 'server') {
        const problem = await authed(() => recoverOnThisDevice(current, undefined))
        if (problem !== undefined) throw new FrameError(problem, 'RECOVERY_FAILED')
      } else
        await visibly(() =>
          options.askPassword('recover', (password) => authed(() => recoverOnThisDevice(current, password))),
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
