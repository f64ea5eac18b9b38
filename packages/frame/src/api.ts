import { FrameError } from './protocol.js'
import { resultOf } from './rpc.js'

/** A refusal of the frame's server, with its error code. */
export class ApiError extends FrameError {
  constructor(
    message: string,
    code: string,
    readonly status: number,
    extra: Record<string, unknown> = {},
  ) {
    super(message, code, extra)
  }
}

/** What one call to the project's bundler proxy or paymaster service answered: its HTTP status and body. */
export interface ServiceAnswer {
  status: number
  body: unknown
}

/**
 * The frame's client of its own server (same origin unless `base` names it; the token goes in
 * `Authorization`).
 */
export function createApi(projectId: string, getToken: () => string | undefined, base = '') {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    tokenOverride?: string,
  ): Promise<T> => {
    const token = tokenOverride ?? getToken()
    let response: Response
    try {
      response = await fetch(`${base}/embedded/v1/${path}?projectId=${encodeURIComponent(projectId)}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        cache: 'no-store',
        credentials: 'omit',
      })
    } catch {
      throw new ApiError('The login server cannot be reached', 'NETWORK', 0)
    }
    if (response.status === 204) return undefined as T
    const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (!response.ok) {
      const { error, message, ...extra } = json ?? {}
      throw new ApiError(
        typeof message === 'string' ? message : `The login server answered ${response.status}`,
        typeof error === 'string' ? error : 'SERVER',
        response.status,
        extra,
      )
    }
    return json as T
  }
  return {
    config: () =>
      call<{
        projectId: string
        name: string
        allowedOrigins: string[]
        recovery: 'user' | 'server'
        /** The chains the project has a node for; the frame reads them through `/v1/`. */
        chains?: string[]
      }>('GET', 'config'),
    /** A signed transaction the visitor approved, sent by the server to the project's node. */
    broadcast: async (chainId: string, transaction: string, sendOptions: Record<string, unknown> = {}) =>
      resultOf(
        await call<{ result?: unknown; rpcError?: { code?: unknown; message?: unknown } }>(
          'POST',
          'broadcast',
          { chainId, transaction, ...(Object.keys(sendOptions).length > 0 ? { sendOptions } : {}) },
        ).then(({ rpcError, ...rest }) => (rpcError === undefined ? rest : { error: rpcError })),
        'The server did not say what the chain answered',
      ),
    /** The chains the project runs smart accounts on, and the account factory of each (checked by smart/networks.ts). */
    smartAccounts: () => call<unknown>('GET', 'smart-accounts'),
    /**
     * One JSON-RPC call to the project's ERC-4337 bundler (through the server's proxy) or its
     * ERC-7677 paymaster service on `chainId`, given up after `timeoutMs`. Its caller reads the
     * answer (smart/services.ts); a server out of reach throws NETWORK.
     */
    userOperationService: async (
      service: 'bundler' | 'paymaster',
      chainId: string,
      call: { method: string; params: unknown[] },
      timeoutMs: number,
    ): Promise<ServiceAnswer> => {
      const query = new URLSearchParams({ projectId, chainId })
      let response: Response
      try {
        response = await fetch(`${base}/aa/v1/${service}?${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...call }),
          cache: 'no-store',
          credentials: 'omit',
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError')
          throw new ApiError(`The ${service} did not answer in time`, 'TIMEOUT', 0)
        throw new ApiError('The wallet server cannot be reached', 'NETWORK', 0)
      }
      return { status: response.status, body: await response.json().catch(() => undefined) }
    },
    login: (email: string, deviceId?: string) =>
      call<{ attemptId: string; action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }>('POST', 'login', {
        email,
        ...(deviceId ? { deviceId } : {}),
      }),
    deviceStatus: (attemptId: string) => call<{ confirmed: boolean }>('POST', 'device/status', { attemptId }),
    otp: (attemptId: string, otp: string, devicePublicKey?: JsonWebKey) =>
      call<{ token: string; deviceId: string; expiresAt: string }>('POST', 'otp', {
        attemptId,
        otp,
        ...(devicePublicKey ? { devicePublicKey } : {}),
      }),
    me: () => call<Me>('GET', 'me'),
    /** A POST whose answer its (lazily loaded) caller types: the social login's. */
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    nonce: () => call<{ nonce: string }>('POST', 'nonce'),
    createWallet: (body: ShareBody) => call<Me>('POST', 'wallet', body),
    reshare: (body: ShareBody) => call<Me>('POST', 'reshare', body),
    share: (proof: Proof) => call<{ authShare: string }>('POST', 'share', proof),
    recovery: (proof: Proof) =>
      call<{ mode: string; share: string; authShare: string }>('POST', 'recovery', proof),
    updateEmail: (email: string) =>
      call<{ attemptId: string; action: 'VERIFY_PRIMARY_OTP' }>('POST', 'email', { email }),
    updateEmailPrimary: (attemptId: string, otp: string) =>
      call<{ action: 'VERIFY_SECONDARY_OTP' }>('POST', 'email/primary', { attemptId, otp }),
    updateEmailSecondary: (attemptId: string, otp: string) =>
      call<Me>('POST', 'email/secondary', { attemptId, otp }),
    exportCode: (proof: Proof) => call<{ exportId: string; kid: string }>('POST', 'export/code', proof),
    exportConfirm: (body: Proof & { exportId: string; kid: string; otp: string }) =>
      call<{ ok: true }>('POST', 'export/confirm', body),
    signOutWith: (token: string) => call<void>('DELETE', 'session', undefined, token),
    dismissNotice: (id: string) => call<{ ok: true }>('POST', 'notices/dismiss', { id }),
    /** "This wasn't me" from this device: stops a held recovery on another device. */
    stopRecovery: (body: Proof & { id: string }) => call<{ cancelled: true }>('POST', 'notices/cancel', body),
  }
}

export type Api = ReturnType<typeof createApi>

export interface Me {
  email: string
  deviceId: string
  wallet: { eip155Address: string; solanaAddress: string | null; recoveryMode: string | null } | null
  deviceHasShare: boolean
  /** The email the account's shares are bound to (its first one); older servers omit it. */
  shareContext?: string
  /** Recoveries of this account on other devices, not dismissed here (checked by notices.ts). */
  notices?: unknown
}
export interface Proof {
  nonce: string
  signature: string
}
export interface ShareBody extends Proof {
  eip155Address: string
  solanaAddress: string
  authShare: string
  recovery: { mode: 'password' | 'passkey' | 'server'; share: string }
}
