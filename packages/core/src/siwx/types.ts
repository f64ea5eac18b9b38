/**
 * The fields of a sign-in message (spec §3 "sign-in session"). `chainId` is a CAIP-2 id; times
 * are RFC 3339 strings.
 */
export interface SiwxMessageData {
  accountAddress: string
  chainId: string
  domain: string
  uri: string
  version: string
  nonce: string
  issuedAt: string
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
  statement?: string | undefined
}

/** A signed sign-in: the message's fields, the exact text signed and the signature. */
export interface SiwxSession {
  data: SiwxMessageData
  message: string
  signature: string
  /** A CAIP-74 object capability, when the wallet signed in with one (WalletConnect). */
  cacao?: unknown
}

/**
 * Sign-in with the wallet (the `siwx` option). The kit asks it for a message to sign and hands
 * it the signed session; where sessions live and how they are verified is the implementation's.
 * `@latch/evm/siwx` has two: `localSiwx` (kept in the browser, verified in the page) and
 * `serverSiwx` (sessions from `@latch/server`).
 */
/** What the kit tells a sign-in implementation when it adds a session. */
export interface SiwxContext {
  projectRpcUrl?(caipNetworkId: string): string | undefined
}

export interface LatchSiwx {
  /** The message for this account and network (a fresh nonce each time). */
  createMessage(input: {
    accountAddress: string
    chainId: string
  }): Promise<{ data: SiwxMessageData; message: string }>
  /** Verifies and keeps a signed session; rejects when it is not valid. */
  /**
   * Verifies and keeps a signed session. `context.projectRpcUrl` names the project's RPC endpoint
   * on the app's `@latch/server` for a network (undefined without a server), for an
   * implementation that checks a contract account's signature on chain where the app gave no RPC
   * URL of its own.
   */
  addSession(session: SiwxSession, context?: SiwxContext): Promise<void>
  revokeSession(chainId: string, address: string): Promise<void>
  setSessions(sessions: readonly SiwxSession[]): Promise<void>
  /** The live sessions of this account on this network (CAIP-2 `chainId`). */
  getSessions(chainId: string, address: string): Promise<readonly SiwxSession[]>
  /** When true, a connected wallet must sign in (default false: sign-in is optional). */
  getRequired?(): boolean
}
